import type { ConfigurableChild, ConfigurableOption } from '@kaloryfer/api-contract';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { choose, initialChild, type SelectionResult } from './configurable-selection';
import { VariantPickers } from './variant-pickers';

/** The pickers wired to the selection rules as the product page wires them (the rules are table-tested beside them). */
const stock = (inStock: boolean) => ({ is_in_stock: inStock, qty: inStock ? 4 : 0, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 10 });
const child = (sku: string, color: number, width: number, inStock = true): ConfigurableChild => ({
  id: 0,
  sku,
  name: sku,
  status: 1,
  visibility: 1,
  type_id: 'simple',
  url_key: sku,
  image: '',
  price: 100,
  tax_class_id: 2,
  stock: stock(inStock),
  color,
  width,
});
const options: ConfigurableOption[] = [
  {
    id: 1,
    attribute_id: 93,
    attribute_code: 'color',
    label: 'Kolor',
    position: 0,
    values: [
      { value_index: 101, label: 'Biały' },
      { value_index: 104, label: 'Antracyt' },
    ],
  },
  {
    id: 2,
    attribute_id: 94,
    attribute_code: 'width',
    label: 'Szerokość',
    position: 1,
    values: [
      { value_index: 500, label: '500 mm' },
      { value_index: 600, label: '600 mm' },
    ],
  },
];
const children = [child('W-500', 101, 500), child('W-600', 101, 600), child('A-500', 104, 500, false), child('A-600', 104, 600)];

let shown = '';
function Harness({ variants, childSku }: { variants: ConfigurableChild[]; childSku?: string }) {
  const [selection, setSelection] = useState<SelectionResult>(() => initialChild(variants, options, childSku));
  shown = selection.kind === 'child' ? selection.child.sku : selection.kind;
  return (
    <VariantPickers
      options={options}
      children={variants}
      selection={selection}
      onChoose={(code, value) => setSelection(choose(variants, options, selection.kind === 'none-available' ? {} : selection.selection, code, value))}
    />
  );
}

test('labelled radio groups show the chosen variant; the keyboard changes it; a sold-out pairing says so and moves the other option', async () => {
  await renderRemote(<Harness variants={children} childSku="W-500" />, CATALOG_NAMESPACE);
  const colour = screen.getByRole('group', { name: 'Kolor' });
  expect(within(colour).getByRole('radio', { name: 'Biały' })).toBeChecked();
  // Anthracite 500 mm is sold out: the anthracite radio says it is unavailable with 500 mm.
  expect(within(colour).getByRole('radio', { name: 'Antracyt (niedostępne w tym połączeniu)' })).not.toBeChecked();

  await userEvent.click(screen.getByRole('radio', { name: '600 mm' }));
  expect(shown).toBe('W-600');
  await userEvent.click(within(colour).getByRole('radio', { name: 'Antracyt' }));
  expect(shown).toBe('A-600');
  expect(screen.getByRole('radio', { name: '600 mm' })).toBeChecked();

  // Arrow keys move within a group, as with any native radio group.
  within(colour).getByRole('radio', { name: 'Antracyt' }).focus();
  await userEvent.keyboard('{ArrowUp}');
  expect(shown).toBe('W-600');
});

test("no selectable variant at all: the spec's message instead of pickers", async () => {
  await renderRemote(<Harness variants={[child('A-500', 104, 500, false)]} />, CATALOG_NAMESPACE);
  expect(screen.getByRole('alert')).toHaveTextContent('Brak dostępnych wariantów produktu');
  expect(screen.queryByRole('radio')).toBeNull();
});
