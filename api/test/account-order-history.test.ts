import { accountShop } from './account-helpers';

/** Order history over HTTP: the customer's own orders, paged, and another customer's order → 404. */
const { shop, advance, call, customer, placeOrder } = accountShop();

describe('order history', () => {
  test("the customer's own orders only, newest first, paged, with lines, totals, addresses and payment state", async () => {
    const anna = await customer();
    const first = await placeOrder(anna.token, 'cashondelivery', anna.email);
    advance(5);
    const second = await placeOrder(anna.token, 'payu_blik', anna.email);
    await placeOrder(null, 'cashondelivery', anna.email); // a guest order with the same e-mail is not hers

    const page = await call('GET', `/api/user/order-history?token=${anna.token}`);
    expect(page.status).toBe(200);
    expect(page.body.result.total_count).toBe(2);
    expect(page.body.result.search_criteria).toEqual({ page_size: 20, current_page: 1 });
    expect(page.body.result.items.map((order: { increment_id: string }) => order.increment_id)).toEqual([second.orderNumber, first.orderNumber]);
    const [blik, cod] = page.body.result.items;
    expect(cod).toMatchObject({
      increment_id: first.orderNumber,
      status: 'processing',
      payment_state: 'offline',
      customer_email: anna.email,
      payment: { method: 'cashondelivery', offline: true },
      items: [expect.objectContaining({ sku: shop.valve.sku, qty_ordered: 1, price_incl_tax: shop.valve.final_price_incl_tax })],
      billing_address: expect.objectContaining({ postcode: '30-001', address_type: 'billing' }),
      shipping_address: expect.objectContaining({ city: 'Kraków', address_type: 'shipping' }),
      extension_attributes: { shipping_assignments: [{ shipping: { address: expect.objectContaining({ city: 'Kraków' }), method: 'courier_courier' } }] },
    });
    expect(cod.grand_total).toBeCloseTo(shop.valve.final_price_incl_tax! + 29 + 9.99, 2);
    expect(cod.total_segments.map((segment: { code: string }) => segment.code)).toEqual(expect.arrayContaining(['subtotal', 'shipping', 'grand_total']));
    expect(blik).toMatchObject({ payment_state: 'awaiting', status: 'pending_payment', order_id: expect.stringMatching(/^account-/) });
    // The client order id lets the customer retry a payment from the history.
    expect((await call('POST', '/api/order/payment', { order_increment_id: blik.increment_id, order_id: blik.order_id })).status).toBe(200);

    const second_page = await call('GET', `/api/user/order-history?token=${anna.token}&pageSize=1&currentPage=2`);
    expect(second_page.body.result).toMatchObject({
      total_count: 2,
      search_criteria: { page_size: 1, current_page: 2 },
      items: [expect.objectContaining({ increment_id: first.orderNumber })],
    });
    expect((await call('GET', `/api/user/order-history?token=${anna.token}&pageSize=0`)).status).toBe(400);
    expect((await call('GET', `/api/user/order-history/${first.orderNumber}?token=${anna.token}`)).body.result.increment_id).toBe(first.orderNumber);
  });

  test("IDOR: another customer sees none of the first one's orders and gets 404 for one by its number", async () => {
    const anna = await customer();
    const jan = await customer();
    const order = await placeOrder(anna.token);
    expect((await call('GET', `/api/user/order-history?token=${jan.token}`)).body.result).toEqual({
      items: [],
      total_count: 0,
      search_criteria: { page_size: 20, current_page: 1 },
    });
    const foreign = await call('GET', `/api/user/order-history/${order.orderNumber}?token=${jan.token}`);
    expect(foreign.body).toEqual({ code: 404, result: 'No such order' });
    expect((await call('GET', `/api/user/order-history/999999999?token=${jan.token}`)).body).toEqual(foreign.body);
  });
});
