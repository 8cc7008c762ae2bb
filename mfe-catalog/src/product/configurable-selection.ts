import type { ConfigurableChild, ConfigurableOption } from '@kaloryfer/api-contract';
import { isChildSelectable } from '@kaloryfer/domain';

/** Chosen option ids by attribute code, e.g. { color: 104, width: 600, height: 1800 }. */
export type Selection = Record<string, number>;

export type SelectionResult =
  { kind: 'child'; child: ConfigurableChild; selection: Selection } | { kind: 'none-available' } | { kind: 'no-such-configuration'; selection: Selection };

const valueOf = (child: ConfigurableChild, code: string) => Number((child as unknown as Record<string, unknown>)[code]);

function matches(child: ConfigurableChild, selection: Selection): boolean {
  return Object.entries(selection).every(([code, value]) => valueOf(child, code) === value);
}

export function selectionOf(child: ConfigurableChild, options: ConfigurableOption[]): Selection {
  return Object.fromEntries(options.map((option) => [option.attribute_code, valueOf(child, option.attribute_code)]));
}

/** A child's gross price as the shopper pays it (priced by the API; the source price before that). */
const grossOf = (child: ConfigurableChild) => child.final_price_incl_tax ?? child.price;

/**
 * Spec §4/§5: only in-stock, enabled children that match the chosen option ids are
 * selectable. The child named in the URL wins when selectable; otherwise the cheapest
 * selectable child — the one the parent's "od" price comes from ("the cheapest configurable
 * child sets the parent price"), so the page opens on the price the tile showed; the first of
 * equals. No selectable child at all → 'No available product variants'.
 */
export function initialChild(children: ConfigurableChild[], options: ConfigurableOption[], childSku: string | undefined): SelectionResult {
  const selectable = children.filter((child) => isChildSelectable(child, false));
  if (selectable.length === 0) return { kind: 'none-available' };
  const named = childSku ? selectable.find((child) => child.sku === childSku) : undefined;
  const child = named ?? selectable.reduce((cheapest, candidate) => (grossOf(candidate) < grossOf(cheapest) ? candidate : cheapest));
  return { kind: 'child', child, selection: selectionOf(child, options) };
}

/**
 * The shopper picks one option value. The child matching the whole new combination wins;
 * failing that (first-match failure), the first selectable child with the picked value; a
 * value no selectable child has → 'No such configuration for the product, choose another
 * combination', keeping the picked value visible.
 */
export function choose(children: ConfigurableChild[], options: ConfigurableOption[], current: Selection, code: string, value: number): SelectionResult {
  const selectable = children.filter((child) => isChildSelectable(child, false));
  if (selectable.length === 0) return { kind: 'none-available' };
  const wanted = { ...current, [code]: value };
  const exact = selectable.find((child) => matches(child, wanted));
  if (exact) return { kind: 'child', child: exact, selection: selectionOf(exact, options) };
  const fallback = selectable.find((child) => valueOf(child, code) === value);
  if (fallback) return { kind: 'child', child: fallback, selection: selectionOf(fallback, options) };
  return { kind: 'no-such-configuration', selection: wanted };
}

/** Whether a value can be chosen together with the other chosen values (pickers dim the rest). */
export function isAvailable(children: ConfigurableChild[], current: Selection, code: string, value: number): boolean {
  const wanted = { ...current, [code]: value };
  return children.some((child) => isChildSelectable(child, false) && matches(child, wanted));
}
