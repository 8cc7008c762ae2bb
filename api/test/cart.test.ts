import { isViewable, round2 } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/** The VSF cart calls over HTTP against a seeded catalogue: server prices, coupons, methods, bad input. */
let server: TestServer;
let products: Product[];

const inStock = (product: Product) => product.stock.is_in_stock && (!product.stock.manage_stock || product.stock.qty >= 5 || product.stock.is_volatile);
const find = (test: (product: Product) => boolean) => {
  const found = products.find((product) => isViewable(product) && test(product));
  if (!found) throw new Error('the seed has no such product');
  return found;
};

/** A simple product without options or tier prices of which ten can be bought. */
const tenInStock = () =>
  find(
    (product) =>
      product.type_id === 'simple' &&
      inStock(product) &&
      !product.custom_options &&
      product.tier_prices.length === 0 &&
      (!product.stock.manage_stock || product.stock.qty >= 10 || product.stock.is_volatile),
  );

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: any } };
}
const newCart = async () => (await call('POST', '/api/cart/create')).body.result as string;
const add = (cartId: string, cartItem: Record<string, unknown>) =>
  call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, ...cartItem } });
const totals = async (cartId: string) => (await call('GET', `/api/cart/totals?cartId=${cartId}`)).body.result;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  products = server.app.catalog.products;
});
afterAll(() => server.close());

test("a guest cart: create → add → pull; the server's price, whatever the client sends", async () => {
  const created = await call('POST', '/api/cart/create');
  expect(created.status).toBe(200);
  const cartId = created.body.result;
  expect(cartId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  const valve = find((product) => product.type_id === 'simple' && inStock(product) && product.tier_prices.length === 0 && !product.custom_options);
  const added = await add(cartId, { sku: valve.sku, qty: 2, price: 0.01, price_incl_tax: 0.01 });
  expect(added.status).toBe(200);
  expect(added.body.result).toMatchObject({ sku: valve.sku, qty: 2, price: valve.final_price_incl_tax, quote_id: cartId });
  const pulled = await call('GET', `/api/cart/pull?cartId=${cartId}`);
  expect(pulled.body.result).toEqual([
    expect.objectContaining({ item_id: added.body.result.item_id, sku: valve.sku, qty: 2, name: valve.name, product_type: 'simple' }),
  ]);
  const sums = await totals(cartId);
  expect(sums.subtotal_incl_tax).toBe(round2(valve.final_price_incl_tax! * 2));
  expect(sums.grand_total).toBe(sums.subtotal_incl_tax);
  expect(sums.items[0]).toMatchObject({ sku: valve.sku, qty: 2, price_incl_tax: valve.final_price_incl_tax });
});

test('the same item again adds up; with item_id the quantity is set; delete removes the line', async () => {
  const cartId = await newCart();
  const valve = tenInStock();
  const first = (await add(cartId, { sku: valve.sku, qty: 1 })).body.result;
  const second = (await add(cartId, { sku: valve.sku, qty: 2 })).body.result;
  expect(second).toMatchObject({ item_id: first.item_id, qty: 3 });
  const set = (await add(cartId, { sku: valve.sku, qty: 1, item_id: first.item_id })).body.result;
  expect(set).toMatchObject({ item_id: first.item_id, qty: 1 });
  expect((await call('POST', `/api/cart/delete?cartId=${cartId}`, { cartItem: { sku: valve.sku, item_id: first.item_id, quoteId: cartId } })).body.result).toBe(
    true,
  );
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result).toEqual([]);
  expect((await call('POST', `/api/cart/delete?cartId=${cartId}`, { cartItem: { item_id: first.item_id } })).status).toBe(404);
});

test('six adds of one product at once (tabs, a double click): one line, every unit counted, none refused', async () => {
  const cartId = await newCart();
  const valve = tenInStock();
  const answers = await Promise.all(Array.from({ length: 6 }, () => add(cartId, { sku: valve.sku, qty: 1 })));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(new Set(answers.map((answer) => answer.body.result.item_id)).size).toBe(1);
  expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result).toEqual([expect.objectContaining({ sku: valve.sku, qty: 6 })]);
});

test("a configurable by its variant's sku or by option values is one line; tier prices lower the unit price", async () => {
  const radiator = find(
    (product) =>
      product.type_id === 'configurable' &&
      (product.configurable_children ?? []).some(
        (child) => child.status < 2 && child.stock.is_in_stock && (!child.stock.manage_stock || child.stock.qty >= 5 || child.stock.is_volatile),
      ),
  );
  const child = radiator.configurable_children!.find(
    (candidate) =>
      candidate.status < 2 && candidate.stock.is_in_stock && (!candidate.stock.manage_stock || candidate.stock.qty >= 5 || candidate.stock.is_volatile),
  )!;
  const cartId = await newCart();
  const bySku = (await add(cartId, { sku: child.sku, qty: 1 })).body.result;
  expect(bySku).toMatchObject({ sku: child.sku, parent_sku: radiator.sku, slug: radiator.slug, price: child.final_price_incl_tax });
  const options = radiator.configurable_options!.map((option) => ({
    option_id: String(option.attribute_id),
    option_value: String((child as unknown as Record<string, unknown>)[option.attribute_code]),
  }));
  const byOptions = await add(cartId, { sku: radiator.sku, qty: 1, product_option: { extension_attributes: { configurable_item_options: options } } });
  expect(byOptions.body.result).toMatchObject({ item_id: bySku.item_id, qty: 2 });
  expect(bySku.options.map((option: { label: string }) => option.label)).toEqual(radiator.configurable_options!.map((option) => option.label));

  const impossible = await add(cartId, {
    sku: radiator.sku,
    qty: 1,
    product_option: { extension_attributes: { configurable_item_options: options.map((option) => ({ ...option, option_value: '999999' })) } },
  });
  expect(impossible).toMatchObject({ status: 400, body: { result: 'No such configuration for the product, choose another combination' } });
  expect((await add(cartId, { sku: radiator.sku, qty: 1 })).body.result).toBe('No such configuration for the product, choose another combination');

  const tiered = find(
    (product) =>
      product.type_id === 'simple' &&
      inStock(product) &&
      !product.custom_options &&
      product.tier_prices.some((tier) => tier.customer_group_id === 32000 && tier.qty <= 5) &&
      (!product.stock.manage_stock || product.stock.qty >= 5 || product.stock.is_volatile) &&
      (product.stock.max_sale_qty === 0 || product.stock.max_sale_qty >= 5),
  );
  const tier = tiered.tier_prices
    .filter((candidate) => candidate.customer_group_id === 32000 && candidate.qty <= 5)
    .sort((a, b) => b.percentage_value - a.percentage_value)[0];
  const line = (await add(cartId, { sku: tiered.sku, qty: 5 })).body.result;
  expect(line.price).toBe(round2(tiered.final_price_incl_tax! * (1 - tier.percentage_value / 100)));
});

test("a bundle: defaults, a chosen valve quantity where the product allows it, a fixed radiator quantity, the selections' prices", async () => {
  const bundle = find(
    (product) =>
      product.type_id === 'bundle' &&
      product.stock.is_in_stock &&
      (product.bundle_options ?? []).every((option) =>
        option.product_links.every((link) => {
          const member = server.app.catalog.bySkuLookup(link.sku);
          const stock = (member?.child ?? member?.product)?.stock;
          return stock?.is_in_stock && (!stock.manage_stock || stock.qty >= 10 || stock.is_volatile);
        }),
      ),
  );
  const [radiatorOption, valveOption] = bundle.bundle_options!;
  const priceOf = (sku: string) => {
    const member = server.app.catalog.bySkuLookup(sku)!;
    return (member.child ?? member.product).final_price_incl_tax!;
  };
  const cartId = await newCart();
  const defaults = (await add(cartId, { sku: bundle.sku, qty: 1 })).body.result;
  const defaultRadiator = radiatorOption.product_links.find((link) => link.is_default)!;
  const defaultValve = valveOption.product_links.find((link) => link.is_default)!;
  expect(defaults.price).toBe(round2(priceOf(defaultRadiator.sku) + priceOf(defaultValve.sku) * defaultValve.qty));

  const valve = valveOption.product_links.at(-1)!;
  const chosen = await add(cartId, {
    sku: bundle.sku,
    qty: 1,
    product_option: {
      extension_attributes: {
        bundle_options: [
          { option_id: radiatorOption.option_id, option_qty: 5, option_selections: [defaultRadiator.id] }, // the radiator's qty is not the shopper's
          { option_id: valveOption.option_id, option_qty: 2, option_selections: [valve.id] },
        ],
      },
    },
  });
  expect(chosen.status).toBe(200);
  expect(chosen.body.result.item_id).not.toBe(defaults.item_id); // other options, another line
  expect(chosen.body.result.price).toBe(round2(priceOf(defaultRadiator.sku) + priceOf(valve.sku) * 2));

  const twoRadiators = await add(cartId, {
    sku: bundle.sku,
    qty: 1,
    product_option: {
      extension_attributes: {
        bundle_options: [{ option_id: radiatorOption.option_id, option_selections: radiatorOption.product_links.slice(0, 2).map((link) => link.id) }],
      },
    },
  });
  expect(twoRadiators.status).toBe(400);
  const unknownSelection = await add(cartId, {
    sku: bundle.sku,
    qty: 1,
    product_option: { extension_attributes: { bundle_options: [{ option_id: valveOption.option_id, option_selections: [1] }] } },
  });
  expect(unknownSelection.status).toBe(400);
});

test('custom options: the RAL adder on the original price, a required choice, unknown values refused', async () => {
  const painted = find(
    (product) => product.type_id === 'simple' && inStock(product) && (product.custom_options ?? []).length > 0 && product.tier_prices.length === 0,
  );
  const option = painted.custom_options!.find((candidate) => candidate.type !== 'field')!;
  const value = option.values.find((candidate) => candidate.price > 0)!;
  const cartId = await newCart();
  const line = await add(cartId, {
    sku: painted.sku,
    qty: 1,
    product_option: { extension_attributes: { custom_options: [{ option_id: String(option.option_id), option_value: String(value.option_type_id) }] } },
  });
  expect(line.status).toBe(200);
  const adder = value.price_type === 'percent' ? (painted.original_price_incl_tax! * value.price) / 100 : value.price;
  expect(line.body.result.price).toBe(round2(painted.final_price_incl_tax! + adder));
  const unknown = await add(cartId, {
    sku: painted.sku,
    qty: 1,
    product_option: { extension_attributes: { custom_options: [{ option_id: String(option.option_id), option_value: '424242' }] } },
  });
  expect(unknown.status).toBe(400);
});

test("coupons: a wrong or expired code is refused with the spec's message; a good one discounts; removal restores the total", async () => {
  const cartId = await newCart();
  const radiator = find(
    (product) =>
      product.type_id === 'simple' && inStock(product) && product.final_price_incl_tax! > 300 && !product.custom_options && product.tier_prices.length === 0,
  );
  await add(cartId, { sku: radiator.sku, qty: 1 });
  const before = await totals(cartId);
  for (const code of ['NIEMA', 'JESIEN2025', '']) {
    const refused = await call('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=${code}`);
    expect(refused).toMatchObject({ status: 400, body: { result: "You've entered an incorrect coupon code" } });
  }
  expect((await call('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=newsletter10`)).body.result).toBe(true);
  const discounted = await totals(cartId);
  expect(discounted).toMatchObject({ coupon_code: 'NEWSLETTER10', discount_amount: -round2(before.subtotal_incl_tax * 0.1) });
  expect(discounted.grand_total).toBe(round2(before.grand_total - round2(before.subtotal_incl_tax * 0.1)));
  expect((await call('POST', `/api/cart/delete-coupon?cartId=${cartId}`)).body.result).toBe(true);
  expect(await totals(cartId)).toMatchObject({ coupon_code: null, discount_amount: 0, grand_total: before.grand_total });
});

test('shipping: a radiator cannot go to a parcel locker, valves can; choosing a method and COD adds them to the totals', async () => {
  const radiator = find(
    (product) =>
      product.type_id === 'configurable' &&
      (product.configurable_children ?? []).some(
        (child) =>
          child.status < 2 && child.stock.is_in_stock && child.height! >= 700 && (!child.stock.manage_stock || child.stock.qty >= 1 || child.stock.is_volatile),
      ),
  );
  const child = radiator.configurable_children!.find(
    (candidate) =>
      candidate.status < 2 &&
      candidate.stock.is_in_stock &&
      candidate.height! >= 700 &&
      (!candidate.stock.manage_stock || candidate.stock.qty >= 1 || candidate.stock.is_volatile),
  )!;
  const cartId = await newCart();
  await add(cartId, { sku: child.sku, qty: 1 });
  const methods = (await call('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'PL' } })).body.result;
  expect(methods.find((method: { method_code: string }) => method.method_code === 'locker')).toMatchObject({ available: false });
  expect(methods.find((method: { method_code: string }) => method.method_code === 'flatratefive')).toMatchObject({ available: true, price_incl_tax: 0 });
  const locker = await call('POST', `/api/cart/shipping-information?cartId=${cartId}`, {
    addressInformation: { shippingAddress: { country_id: 'PL' }, shippingCarrierCode: 'inpost', shippingMethodCode: 'locker' },
  });
  expect(locker.status).toBe(400);

  const chosen = await call('POST', `/api/cart/shipping-information?cartId=${cartId}`, {
    addressInformation: { shippingAddress: { country_id: 'PL' }, shippingCarrierCode: 'courier', shippingMethodCode: 'courier' },
  });
  expect(chosen.status).toBe(200);
  expect(chosen.body.result.payment_methods.map((method: { code: string }) => method.code)).toContain('cashondelivery');
  const withCod = (await call('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { paymentMethod: { method: 'cashondelivery' } } })).body.result;
  const subtotal = withCod.subtotal_incl_tax;
  const courier = subtotal >= 5000 ? 0 : 29;
  expect(withCod).toMatchObject({ shipping_incl_tax: courier, payment_fee_incl_tax: 9.99, grand_total: round2(subtotal + courier + 9.99) });
  expect(withCod.total_segments.map((segment: { code: string }) => segment.code)).toEqual(['subtotal', 'shipping', 'payment', 'tax', 'grand_total']);

  expect((await call('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'DE' } })).status).toBe(400);
});

test('a cart of services only: nothing to ship, no cash on delivery', async () => {
  const service = find((product) => product.type_id === 'virtual' && product.stock.is_in_stock);
  const cartId = await newCart();
  expect((await add(cartId, { sku: service.sku, qty: 1 })).status).toBe(200);
  const payment = (await call('GET', `/api/cart/payment-methods?cartId=${cartId}`)).body.result.map((method: { code: string }) => method.code);
  expect(payment).not.toContain('cashondelivery');
  const shipping = (await call('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'PL' } })).body.result;
  expect(shipping.filter((method: { available: boolean }) => method.available).map((method: { method_code: string }) => method.method_code)).toEqual([
    'virtual',
  ]);
});

describe('bad input: 4xx with a message, never 500, and the cart does not change', () => {
  let cartId: string;
  let sku: string;
  beforeAll(async () => {
    cartId = await newCart();
    sku = find((product) => product.type_id === 'simple' && inStock(product) && !product.custom_options).sku;
    await add(cartId, { sku, qty: 1 });
  });

  test.each<[string, Record<string, unknown>, number, string | RegExp]>([
    ['qty 0', { qty: 0 }, 400, 'Quantity must be above 0'],
    ['qty −2', { qty: -2 }, 400, 'Quantity must be above 0'],
    ['qty 1.5', { qty: 1.5 }, 400, 'Quantity must be positive integer'],
    ['qty "2"', { qty: '2' }, 400, 'Quantity must be positive integer'],
    ['no qty', { qty: undefined }, 400, 'Quantity must be positive integer'],
    ['a huge qty', { qty: 1e9 }, 400, /^Only \d+ products of this type are available$/],
    ['an unknown sku', { sku: 'KF-NIE-MA', qty: 1 }, 404, 'Product query returned an empty result'],
    ['an item id of no line', { qty: 1, item_id: 99_999_999 }, 404, /^No item/],
  ])('%s', async (_name, change, status, message) => {
    const response = await add(cartId, { sku, ...change });
    expect(response.status).toBe(status);
    expect(response.body.result).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result).toEqual([expect.objectContaining({ sku, qty: 1 })]);
  });

  test("out of stock: the spec's message", async () => {
    const gone = find((product) => product.type_id === 'simple' && !product.stock.is_in_stock);
    const response = await add(cartId, { sku: gone.sku, qty: 1 });
    expect(response).toMatchObject({ status: 400, body: { result: 'The product is out of stock and cannot be added to the cart!' } });
  });

  test('more than the stock: "Only N products of this type are available"', async () => {
    const scarce = find(
      (product) =>
        product.type_id === 'simple' &&
        product.stock.is_in_stock &&
        product.stock.manage_stock &&
        !product.stock.is_volatile &&
        product.stock.qty > 0 &&
        product.stock.qty < 50 &&
        !product.custom_options,
    );
    const response = await add(cartId, { sku: scarce.sku, qty: scarce.stock.qty + 1 });
    expect(response).toMatchObject({ status: 400, body: { result: `Only ${scarce.stock.qty} products of this type are available` } });
  });

  test.each([
    ['no cart id', '/api/cart/pull', 400],
    ['a malformed cart id', '/api/cart/pull?cartId=../../etc', 400],
    ["a cart id that is nobody's", '/api/cart/pull?cartId=AAAAAAAAAAAAAAAAAAAAAAAA', 404],
  ])('%s → its status', async (_name, path, status) => {
    const response = await call('GET', path);
    expect(response.status).toBe(status);
    expect(typeof response.body.result).toBe('string');
  });

  test('malformed bodies are 400', async () => {
    expect((await call('POST', `/api/cart/update?cartId=${cartId}`, '{"cartItem":')).status).toBe(400);
    expect((await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { qty: 1 } })).status).toBe(400);
    expect((await call('POST', `/api/cart/update?cartId=${cartId}`, { item: { sku, qty: 1 } })).status).toBe(400);
    expect((await call('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { paymentMethod: { method: 'bitcoin' } } })).status).toBe(400);
    expect(
      (await call('POST', `/api/cart/shipping-information?cartId=${cartId}`, { addressInformation: { shippingCarrierCode: 'ufo', shippingMethodCode: 'ufo' } }))
        .status,
    ).toBe(400);
  });
});

test('a line that sold out after it was added keeps its name and picture, carries the error, and the totals charge nothing for it', async () => {
  const cartId = await newCart();
  const radiator = find(
    (product) => product.type_id === 'simple' && inStock(product) && product.stock.manage_stock && !product.stock.is_volatile && !product.custom_options,
  );
  expect((await add(cartId, { sku: radiator.sku, qty: 1 })).status).toBe(200);
  expect(
    (
      await call('POST', `/api/cart/shipping-information?cartId=${cartId}`, {
        addressInformation: { shippingAddress: { country_id: 'PL' }, shippingCarrierCode: 'courier', shippingMethodCode: 'courier' },
      })
    ).status,
  ).toBe(200);
  expect((await call('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { paymentMethod: { method: 'cashondelivery' } } })).status).toBe(200);
  expect((await totals(cartId)).grand_total).toBeGreaterThan(radiator.final_price_incl_tax!);

  // The last unit goes to someone else.
  const row = await server.db.kysely.selectFrom('stock_item').selectAll().where('sku', '=', radiator.sku).executeTakeFirstOrThrow();
  const soldOut = { ...row, qty: 0, is_in_stock: 0 };
  await server.db.kysely.updateTable('stock_item').set({ qty: 0, is_in_stock: 0 }).where('sku', '=', radiator.sku).execute();
  server.app.catalog.patchStock([soldOut]);
  try {
    const [line] = (await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result;
    expect(line).toMatchObject({ sku: radiator.sku, name: radiator.name, image: radiator.image, slug: radiator.slug, price: 0, row_total_incl_tax: 0 });
    expect(line.error).toEqual(expect.any(String));
    expect(await totals(cartId)).toMatchObject({ subtotal_incl_tax: 0, shipping_incl_tax: 0, payment_fee_incl_tax: 0, grand_total: 0, items: [] });
  } finally {
    await server.db.kysely.updateTable('stock_item').set({ qty: row.qty, is_in_stock: row.is_in_stock }).where('sku', '=', radiator.sku).execute();
    server.app.catalog.patchStock([row]);
  }
});

describe('a change sent twice (Idempotency-Key)', () => {
  const keyed = (cartId: string, cartItem: Record<string, unknown>, key: string) =>
    fetch(`${server.baseUrl}/api/cart/update?cartId=${cartId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ cartItem: { quoteId: cartId, ...cartItem } }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code: number; result: any } }));
  const lines = async (cartId: string) =>
    ((await call('GET', `/api/cart/pull?cartId=${cartId}`)).body.result as { sku: string; qty: number }[]).map((line) => [line.sku, line.qty]);
  const valve = () =>
    find(
      (product) =>
        product.type_id === 'simple' &&
        inStock(product) &&
        !product.custom_options &&
        product.tier_prices.length === 0 &&
        (!product.stock.manage_stock || product.stock.qty >= 10),
    );

  test('re-sent with the same key (its answer was lost): one line, the quantity unchanged, the first answer again', async () => {
    const cartId = await newCart();
    const { sku } = valve();
    const first = await keyed(cartId, { sku, qty: 2 }, 'zmiana-0001-aaaa');
    const again = await keyed(cartId, { sku, qty: 2 }, 'zmiana-0001-aaaa');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.result).toEqual(first.body.result);
    expect(await lines(cartId)).toEqual([[sku, 2]]);
    // A new change (a new key) adds, as VSF's rule says the same line again does.
    await keyed(cartId, { sku, qty: 1 }, 'zmiana-0002-bbbb');
    expect(await lines(cartId)).toEqual([[sku, 3]]);
  });

  test('without a key the VSF rule holds: the same line sent again adds its quantity again', async () => {
    const cartId = await newCart();
    const { sku } = valve();
    await add(cartId, { sku, qty: 2 });
    await add(cartId, { sku, qty: 2 });
    expect(await lines(cartId)).toEqual([[sku, 4]]);
  });

  test('the same key with another change is refused (422) and changes nothing; a malformed key is a 400', async () => {
    const cartId = await newCart();
    const { sku } = valve();
    await keyed(cartId, { sku, qty: 1 }, 'zmiana-0003-cccc');
    const reused = await keyed(cartId, { sku, qty: 5 }, 'zmiana-0003-cccc');
    expect(reused).toMatchObject({ status: 422, body: { result: 'This Idempotency-Key was already used for another change' } });
    expect((await keyed(cartId, { sku, qty: 1 }, 'x y')).status).toBe(400);
    expect(await lines(cartId)).toEqual([[sku, 1]]);
  });

  test('a change the server refuses frees its key: the fixed change may use it', async () => {
    const cartId = await newCart();
    const { sku } = valve();
    expect((await keyed(cartId, { sku, qty: 0 }, 'zmiana-0004-dddd')).status).toBe(400);
    expect((await keyed(cartId, { sku, qty: 0 }, 'zmiana-0004-dddd')).status).toBe(400); // not a kept answer: checked again
    expect(await lines(cartId)).toEqual([]);
  });

  test('the same change sent twice at the same moment: added once', async () => {
    const cartId = await newCart();
    const { sku } = valve();
    const answers = await Promise.all([keyed(cartId, { sku, qty: 1 }, 'zmiana-0005-eeee'), keyed(cartId, { sku, qty: 1 }, 'zmiana-0005-eeee')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(await lines(cartId)).toEqual([[sku, 1]]);
  });
});
