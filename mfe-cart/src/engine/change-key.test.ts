import { changeKeyFor, newChangeKey } from './change-key';

const line = { sku: 'KF-ZT-0001', qty: 2 };

test.each([
  ['the same change sent again', line, true],
  ['another quantity', { ...line, qty: 3 }, false],
  ['the same quantity set on a known line', { ...line, item_id: 7 }, false],
  ['other options', { ...line, product_option: { extension_attributes: { custom_options: [{ option_id: '1', option_value: 'x' }] } } }, false],
])('%s: the same key %s', (_name, body, same) => {
  const first = changeKeyFor(undefined, line);
  expect(changeKeyFor(first, body).key === first.key).toBe(same);
});

test('keys are fresh and fit the header (8–128 letters, digits, - or _)', () => {
  const keys = new Set(Array.from({ length: 50 }, () => newChangeKey()));
  expect(keys.size).toBe(50);
  for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
});
