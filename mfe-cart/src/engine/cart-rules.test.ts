import {
  addStatus,
  addToItems,
  CART_FLAGS,
  cartHash,
  connectOutcome,
  itemsCount,
  lineChecksum,
  mergePlan,
  rollback,
  sameLine,
  stockSync,
  syncNeeded,
  totalsHash,
  type CartFlags,
  type LocalItem,
  type MergeAction,
  type ServerItem,
} from './cart-rules';
import { lineIdentity } from '@kaloryfer/domain';

const valve: LocalItem = { sku: 'KF-ZT-0001', type_id: 'simple', qty: 2 };
const radiator: LocalItem = { sku: 'KF-LD-0086-500x1200-BIA', parentSku: 'KF-LD-0086', type_id: 'configurable', qty: 1 };
const bundle = (selection: number, qty = 1): LocalItem => ({
  sku: 'KF-ZB-0001',
  type_id: 'bundle',
  qty,
  product_option: {
    bundle_options: [
      { option_id: 11, option_qty: 1, option_selections: [selection] },
      { option_id: 12, option_qty: 2, option_selections: [7] },
    ],
  },
});
const ral = (value: string): LocalItem => ({
  sku: 'KF-DP-0003',
  type_id: 'simple',
  qty: 1,
  product_option: { custom_options: [{ option_id: '5', option_value: value }] },
});

describe('line equality (spec §4)', () => {
  test.each<[string, LocalItem | ServerItem, LocalItem | ServerItem, boolean]>([
    ['a configurable by sku', radiator, { ...radiator, qty: 5 }, true],
    ['other variants', radiator, { ...radiator, sku: 'KF-LD-0086-600x1200-BIA' }, false],
    [
      'a bundle with the same selections (order does not matter)',
      bundle(3),
      { ...bundle(3), product_option: { bundle_options: [...bundle(3).product_option!.bundle_options!].reverse() } },
      true,
    ],
    ['a bundle with another radiator', bundle(3), bundle(4), false],
    [
      "a bundle against the server's line (extension_attributes)",
      bundle(3),
      { item_id: 9, sku: 'KF-ZB-0001', qty: 1, product_type: 'bundle', product_option: { extension_attributes: bundle(3).product_option } },
      true,
    ],
    ['custom options: the same RAL colour', ral('31'), ral('31'), true],
    ['custom options: another RAL colour', ral('31'), ral('32'), false],
    ['custom options against none', ral('31'), { ...ral('31'), product_option: undefined }, false],
    ['simple by sku', valve, { item_id: 1, sku: valve.sku, qty: 9, product_type: 'simple' }, true],
  ])('%s → %s', (_name, a, b, equal) => {
    expect(sameLine(a, b)).toBe(equal);
    expect(sameLine(b, a)).toBe(equal);
  });

  test("the checksum is the shop's one line identity (the API stores the same)", () => {
    expect(lineChecksum(bundle(3))).toMatch(/^[0-9a-f]{16}$/);
    expect(lineChecksum(bundle(3))).toBe(lineIdentity('KF-ZB-0001', bundle(3).product_option as never));
    expect(lineChecksum(bundle(3))).toBe(lineChecksum(bundle(3)));
  });
});

describe('sync decision: hash of items and token', () => {
  const hash = cartHash([valve], 'cart-1');
  test.each<[string, string, { hash: string | null; at: number | null }, boolean]>([
    ['never synced', hash, { hash: null, at: null }, true],
    ['synced, same hash', hash, { hash, at: 1 }, false],
    ['synced, empty hash', hash, { hash: '', at: 1 }, true],
    ['an item changed', cartHash([{ ...valve, qty: 3 }], 'cart-1'), { hash, at: 1 }, true],
    ['another token', cartHash([valve], 'cart-2'), { hash, at: 1 }, true],
    ['a hash but no sync time', hash, { hash, at: null }, true],
  ])('%s → %s', (_name, current, last, needed) => {
    expect(syncNeeded(current, last)).toBe(needed);
  });
});

test('the totals are asked again when a line sells out or comes back, with the same items and quantities', () => {
  const hash = totalsHash([valve], 'cart-1');
  expect(syncNeeded(totalsHash([{ ...valve, error: 'Out of the stock!' }], 'cart-1'), { hash, at: 1 })).toBe(true);
  expect(syncNeeded(totalsHash([valve], 'cart-1'), { hash, at: 1 })).toBe(false);
});

describe('connect', () => {
  test.each<[number, string | null, number, ReturnType<typeof connectOutcome>]>([
    [200, 'cart-1', 0, { kind: 'connected', token: 'cart-1' }],
    [401, null, 0, { kind: 'retry-as-guest', bypassCount: 1 }],
    [401, null, 2, { kind: 'retry-as-guest', bypassCount: 3 }],
    [401, null, 3, { kind: 'sync-disabled' }],
    [500, null, 0, { kind: 'retry-as-guest', bypassCount: 1 }],
    [200, null, 0, { kind: 'sync-disabled' }],
  ])('%i with token %s after %i bypasses', (code, token, bypass, outcome) => {
    expect(connectOutcome(code, token, bypass)).toEqual(outcome);
  });
});

describe('adding', () => {
  test.each<[string, Parameters<typeof addStatus>[0], 'ok' | 'volatile' | 'out_of_stock', string, string]>([
    ['in stock', { price: 1299 }, 'ok', 'ok', 'Product has been added to the cart!'],
    ['a free guide (zero price is allowed)', { price: 0 }, 'ok', 'ok', 'Product has been added to the cart!'],
    [
      'volatile stock',
      { price: 1299 },
      'volatile',
      'volatile',
      'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
    ],
    ['out of stock', { price: 1299 }, 'out_of_stock', 'rejected', 'The product is out of stock and cannot be added to the cart!'],
    ['a price below 0', { price: -1 }, 'ok', 'rejected', 'Product price is unknown, product cannot be added to the cart!'],
    ['no price', { price: null }, 'ok', 'rejected', 'Product price is unknown, product cannot be added to the cart!'],
    [
      "the product's own error",
      { price: 1299, errors: { variant: 'No available product variants', other: null } },
      'ok',
      'rejected',
      'No available product variants',
    ],
  ])('%s', (_name, product, stock, status, message) => {
    expect(addStatus(product, stock)).toMatchObject({ status, message });
  });

  test('the same line again adds up; another line is appended; rollback restores or removes', () => {
    const once = addToItems([], valve);
    const twice = addToItems(once, { ...valve, qty: 3 });
    expect(twice).toEqual([{ ...valve, qty: 5, prev_qty: 2 }]);
    const withRadiator = addToItems(twice, radiator);
    expect(withRadiator.map((item) => [item.sku, item.qty])).toEqual([
      [valve.sku, 5],
      [radiator.sku, 1],
    ]);
    // The server refused both: the valve goes back to 2, the radiator (new) leaves.
    const rolledBack = rollback(rollback(withRadiator, valve), radiator);
    expect(rolledBack).toEqual([{ ...valve, qty: 2, prev_qty: undefined }]);
  });

  test.each<[CartFlags['countType'], number]>([
    ['quantities', 6],
    ['items', 3],
  ])('minicart count by %s = %i', (countType, count) => {
    expect(itemsCount([valve, radiator, { ...bundle(3), qty: 3 }], countType)).toBe(count);
  });
});

describe('stock sync', () => {
  test.each<[boolean, boolean, boolean, ReturnType<typeof stockSync>]>([
    [true, false, true, { remove: false, info: 'In stock!' }],
    [false, false, true, { remove: false, error: 'Out of the stock!' }],
    [false, false, false, { remove: true }],
    [false, true, false, { remove: false, error: 'Out of the stock!' }],
  ])('in stock %s, allowed %s, sync %s', (inStock, allowOutOfStockInCart, synchronize, result) => {
    expect(stockSync(inStock, { allowOutOfStockInCart, synchronize })).toEqual(result);
  });
});

describe('merge matrix × flags', () => {
  const cartId = 'cart-1';
  const server = (item: LocalItem, qty = item.qty, item_id = 100): ServerItem => ({
    item_id,
    sku: item.sku,
    qty,
    product_type: item.type_id,
    ...(item.product_option ? { product_option: { extension_attributes: item.product_option } } : {}),
  });
  const kinds = (actions: MergeAction[]) =>
    actions.map((action) => {
      if (action.kind === 'server-update' || action.kind === 'local-set') return `${action.kind}:${action.qty}`;
      return action.kind;
    });
  const flags = (serverMergeByDefault: boolean, serverSyncCanRemoveLocalItems: boolean, serverSyncCanModifyLocalItems: boolean) => ({
    serverMergeByDefault,
    serverSyncCanRemoveLocalItems,
    serverSyncCanModifyLocalItems,
  });

  test.each<[string, LocalItem[], ServerItem[], MergeOptionsRow, string[]]>([
    // a local line the server lacks
    ['new local line → server', [valve], [], [true, false, false, false], ['server-add']],
    ['new local line, server may remove local lines → still sent (never synced)', [valve], [], [true, true, false, false], ['server-add']],
    [
      'synced line the server dropped, server may remove → removed locally',
      [{ ...valve, server_cart_id: cartId }],
      [],
      [true, true, false, false],
      ['local-remove'],
    ],
    ['synced line the server dropped, client wins → sent again', [{ ...valve, server_cart_id: cartId }], [], [true, true, false, true], ['server-add']],
    ['synced line dropped, merging by default off → sent again', [{ ...valve, server_cart_id: cartId }], [], [false, true, false, false], ['server-add']],
    // both have it, other quantities
    [
      'qty differs → the server gets the local qty',
      [{ ...valve, qty: 3, server_cart_id: cartId }],
      [server(valve, 2)],
      [true, false, false, false],
      ['server-update:3'],
    ],
    [
      "qty differs, server may modify local → the local line takes the server's",
      [{ ...valve, qty: 3, server_cart_id: cartId }],
      [server(valve, 2)],
      [true, false, true, false],
      ['local-set:2'],
    ],
    [
      'qty differs, server may modify but client wins → server-update',
      [{ ...valve, qty: 3, server_cart_id: cartId }],
      [server(valve, 2)],
      [true, false, true, true],
      ['server-update:3'],
    ],
    ['same qty, not yet linked → the local line learns its server id', [valve], [server(valve)], [true, false, false, false], ['local-set:2']],
    ['same qty, linked → nothing', [{ ...valve, server_item_id: 100, server_cart_id: cartId }], [server(valve)], [true, false, false, false], []],
    // a server line the client lacks
    ['server line → added locally', [], [server(radiator)], [true, false, false, false], ['local-add']],
    ['server line, client wins → deleted on the server', [], [server(radiator)], [true, false, false, true], ['server-delete']],
    ['server line, merging by default off → deleted on the server', [], [server(radiator)], [false, false, false, false], ['server-delete']],
  ])('%s', (_name, local, serverItems, [mergeByDefault, canRemove, canModify, force], expected) => {
    expect(kinds(mergePlan(local, serverItems, { cartId, flags: flags(mergeByDefault, canRemove, canModify), forceClientState: force }))).toEqual(expected);
  });

  test("login: a guest's lines join the customer's cart with quantities added, once — a reload or a second login never doubles them", () => {
    const guestValve = { ...valve, qty: 2, server_cart_id: 'guest-cart' };
    const customerCart = [server(valve, 3), server(radiator, 1, 101)];
    const atLogin = mergePlan([guestValve], customerCart, { cartId, mergeQty: true });
    expect(kinds(atLogin)).toEqual(['server-update:5', 'local-set:5', 'local-add']);
    // After login the engine stamps the lines with this cart; the same merge again changes nothing.
    const afterLogin: LocalItem[] = [
      { ...valve, qty: 5, server_item_id: 100, server_cart_id: cartId },
      { ...radiator, server_item_id: 101, server_cart_id: cartId },
    ];
    const reloaded = [server(valve, 5), server(radiator, 1, 101)];
    expect(mergePlan(afterLogin, reloaded, { cartId, mergeQty: true })).toEqual([]);
    expect(mergePlan(afterLogin, reloaded, { cartId })).toEqual([]);
  });

  test("the default flags are VSF 1's: merge by default, the server may neither remove nor modify local lines", () => {
    expect(CART_FLAGS).toMatchObject({
      serverMergeByDefault: true,
      serverSyncCanRemoveLocalItems: false,
      serverSyncCanModifyLocalItems: false,
      allowOutOfStockInCart: false,
      countType: 'quantities',
    });
  });
});

type MergeOptionsRow = [boolean, boolean, boolean, boolean];
