import type { CustomOption, CustomOptionValue, Product } from '@kaloryfer/api-contract';
import { fail, type AskedCustomOption, type Labels, type Step } from './step';

/** One custom option as chosen: its price adders, its microcart label, and how it is stored. */
interface ChosenOption {
  adders: CustomOptionValue[];
  label: Labels[number];
  stored: { option_id: string; option_value: string };
}

/** The custom options chosen: their adders (on the original price), labels, and the options normalised (by id, trimmed, values sorted). */
export interface ChosenCustomOptions {
  adders: CustomOptionValue[];
  labels: Labels;
  customOptions: { option_id: string; option_value: string }[];
}

/** A text option: within its length; its first value, if any, is its price. */
function fieldOption(option: CustomOption, value: string): Step<ChosenOption> {
  if (option.max_characters && value.length > option.max_characters) return fail(400, `"${option.title}" takes at most ${option.max_characters} characters`);
  return {
    ok: true,
    adders: option.values.slice(0, 1),
    label: { label: option.title, value },
    stored: { option_id: String(option.option_id), option_value: value },
  };
}

/** A choice option: value ids ("3,1" for checkboxes), each known, one only unless checkboxes; stored sorted without repeats. */
function choiceOption(option: CustomOption, value: string): Step<ChosenOption> {
  const ids = [...new Set(value.split(',').map((id) => Number(id)))].sort((a, b) => a - b);
  const values = ids.map((id) => option.values.find((candidate) => candidate.option_type_id === id));
  if (values.some((candidate) => candidate === undefined)) return fail(400, `Unknown value of "${option.title}"`);
  if (option.type !== 'checkbox' && values.length > 1) return fail(400, `"${option.title}" takes one value`);
  const known = values as CustomOptionValue[];
  return {
    ok: true,
    adders: known,
    label: { label: option.title, value: known.map((candidate) => candidate.title).join(', ') },
    stored: { option_id: String(option.option_id), option_value: ids.join(',') },
  };
}

/**
 * The custom options asked, checked against the product's: known ids, required ones present,
 * text within its length, known values (one unless checkboxes). Options are read in id order,
 * so of several problems the lowest id's is told.
 */
export function priceCustomOptions(product: Product, asked: AskedCustomOption[]): Step<ChosenCustomOptions> {
  const values = new Map(asked.map((option) => [String(option.option_id), String(option.option_value)]));
  const options = product.custom_options ?? [];
  for (const id of values.keys()) {
    if (!options.some((option) => String(option.option_id) === id)) return fail(400, `Unknown custom option ${id}`);
  }
  const chosen: ChosenCustomOptions = { adders: [], labels: [], customOptions: [] };
  for (const option of [...options].sort((a, b) => a.option_id - b.option_id)) {
    const value = values.get(String(option.option_id))?.trim() ?? '';
    if (value === '') {
      if (option.is_require) return fail(400, `Choose "${option.title}"`);
      continue;
    }
    const one = option.type === 'field' ? fieldOption(option, value) : choiceOption(option, value);
    if (!one.ok) return one;
    chosen.adders.push(...one.adders);
    chosen.labels.push(one.label);
    chosen.customOptions.push(one.stored);
  }
  return { ok: true, ...chosen };
}
