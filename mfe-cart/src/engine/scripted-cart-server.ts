import type { Product } from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';
import type { CartApi, LineUpdate, ServerLine, ServerTotals } from './cart-api';
import { sameLine } from './cart-rules';

/**
 * A cart server in memory for the engine's tests, answering as the API does (docs/cart.md):
 * an update without item_id adds to the equal line, with item_id sets the qty; a customer's
 * cart is one per customer; refusals carry the API's messages. Tests can make calls fail to
 * reach the rules the real server cannot easily produce (401 on create, a cart gone, offline).
 */
export class ScriptedCartServer implements CartApi {
  readonly carts = new Map<string, { lines: ServerLine[]; coupon: string | null; customer: string | null }>();
  readonly calls: string[] = [];
  prices: Record<string, number> = { 'KF-ZT-0001': 89, 'KF-LD-0086-500x1200-BIA': 1299, 'KF-LD-0086-600x1200-BIA': 1399, 'KF-ZB-0001': 2499 };
  stock: Record<string, { is_in_stock: boolean; is_volatile?: boolean; max?: number }> = {};
  /** Valid customer tokens → customer id. */
  customers: Record<string, string> = { 'token-anna': 'anna' };
  /** Calls (by name) that fail next, with a status (0 = the network). */
  failNext: Record<string, number[]> = {};
  private nextId = 1;
  private nextCart = 1;

  private step(name: string): void {
    this.calls.push(name);
    const status = this.failNext[name]?.shift();
    if (status === undefined) return;
    if (status === 0) throw new TypeError('Failed to fetch');
    throw new ApiFailure(status, status === 401 ? 'Unexpected authorization error' : `failed ${name}`);
  }

  private cartFor(cartId: string, token: string | null) {
    const cart = this.carts.get(cartId);
    if (!cart) throw new ApiFailure(404, `No cart ${cartId}`);
    const customer = token ? this.customers[token] : null;
    if (token && !customer) throw new ApiFailure(401, 'Unexpected authorization error');
    if (cart.customer && cart.customer !== customer) throw new ApiFailure(403, 'This cart belongs to another customer');
    return cart;
  }

  async create(token: string | null): Promise<string> {
    this.step('create');
    if (token && !this.customers[token]) throw new ApiFailure(401, 'Unexpected authorization error');
    const customer = token ? this.customers[token] : null;
    const existing = customer ? [...this.carts].find(([, cart]) => cart.customer === customer) : undefined;
    if (existing) return existing[0];
    const id = `cart-${String(this.nextCart++).padStart(19, '0')}`;
    this.carts.set(id, { lines: [], coupon: null, customer });
    return id;
  }

  async pull(cartId: string, token: string | null): Promise<ServerLine[]> {
    this.step('pull');
    // As the API: a line with a problem keeps its name, carries the error and is not charged.
    return this.cartFor(cartId, token).lines.map((line) => {
      const problem = this.problem(line.sku, line.qty);
      return problem.error ? { ...line, ...problem, price: 0, row_total_incl_tax: 0 } : line;
    });
  }

  async update(cartId: string, item: LineUpdate, token: string | null): Promise<ServerLine> {
    this.step('update');
    const cart = this.cartFor(cartId, token);
    if (!(item.sku in this.prices)) throw new ApiFailure(404, 'Product query returned an empty result');
    const probe: ServerLine = {
      item_id: 0, sku: item.sku, qty: item.qty, product_type: item.product_option?.extension_attributes.bundle_options ? 'bundle' : 'simple',
      product_option: item.product_option, name: `Produkt ${item.sku}`, price: this.prices[item.sku], row_total_incl_tax: 0, parent_sku: null, options: [],
    };
    const existing = item.item_id !== undefined ? cart.lines.find((line) => line.item_id === item.item_id) : cart.lines.find((line) => sameLine(line, probe));
    if (item.item_id !== undefined && !existing) throw new ApiFailure(404, `No item ${item.item_id} in this cart`);
    const qty = item.item_id !== undefined ? item.qty : (existing?.qty ?? 0) + item.qty;
    const problem = this.problem(item.sku, qty).error;
    if (problem) throw new ApiFailure(400, problem);
    const line: ServerLine = { ...probe, item_id: existing?.item_id ?? this.nextId++, qty, row_total_incl_tax: this.prices[item.sku] * qty };
    cart.lines = existing ? cart.lines.map((candidate) => (candidate === existing ? line : candidate)) : [...cart.lines, line];
    return line;
  }

  async remove(cartId: string, itemId: number, token: string | null): Promise<void> {
    this.step('remove');
    const cart = this.cartFor(cartId, token);
    if (!cart.lines.some((line) => line.item_id === itemId)) throw new ApiFailure(404, `No item ${itemId} in this cart`);
    cart.lines = cart.lines.filter((line) => line.item_id !== itemId);
  }

  async totals(cartId: string, token: string | null): Promise<ServerTotals> {
    this.step('totals');
    const cart = this.cartFor(cartId, token);
    const subtotal = cart.lines.filter((line) => !this.problem(line.sku, line.qty).error).reduce((sum, line) => sum + this.prices[line.sku] * line.qty, 0);
    const discount = cart.coupon ? -Math.round(subtotal * 15) / 100 : 0;
    return {
      subtotal_incl_tax: subtotal, discount_amount: discount, coupon_code: cart.coupon, shipping_incl_tax: 0, grand_total: subtotal + discount,
      total_segments: [
        { code: 'subtotal', title: 'Wartość produktów', value: subtotal },
        ...(cart.coupon ? [{ code: 'discount' as const, title: `Rabat (${cart.coupon})`, value: discount }] : []),
        { code: 'grand_total', title: 'Do zapłaty', value: subtotal + discount },
      ],
    };
  }

  async applyCoupon(cartId: string, code: string, token: string | null): Promise<void> {
    this.step('applyCoupon');
    const cart = this.cartFor(cartId, token);
    const normalised = code.trim().toUpperCase(); // as the API's normaliseCouponCode
    if (normalised !== 'ZIMA15') throw new ApiFailure(400, "You've entered an incorrect coupon code");
    cart.coupon = normalised;
  }

  async deleteCoupon(cartId: string, token: string | null): Promise<void> {
    this.step('deleteCoupon');
    this.cartFor(cartId, token).coupon = null;
  }

  async checkStock(sku: string) {
    this.step('checkStock');
    const stock = this.stock[sku] ?? { is_in_stock: true };
    return { is_in_stock: stock.is_in_stock, is_volatile: stock.is_volatile ?? false };
  }

  async product(sku: string): Promise<Product> {
    this.step('product');
    const children = Object.keys(this.prices).filter((candidate) => candidate.startsWith(`${sku}-`));
    if (children.length === 0) throw new ApiFailure(404, 'Product query returned an empty result');
    return {
      sku, name: `Produkt ${sku}`, type_id: 'configurable',
      configurable_options: [{ id: 1, attribute_id: 93, attribute_code: 'width', label: 'Szerokość', position: 0, values: [{ value_index: 500, label: '500 mm' }, { value_index: 600, label: '600 mm' }] }],
      configurable_children: children.map((child) => ({ sku: child, status: 1, width: Number(/-(\d+)x/.exec(child)?.[1]), stock: { is_in_stock: true } })),
    } as unknown as Product;
  }

  private problem(sku: string, qty: number): { error?: string } {
    const stock = this.stock[sku];
    if (stock && !stock.is_in_stock) return { error: 'The product is out of stock and cannot be added to the cart!' };
    if (stock?.max !== undefined && qty > stock.max) return { error: `Only ${stock.max} products of this type are available` };
    return {};
  }

  lines(cartId: string): { sku: string; qty: number }[] {
    return (this.carts.get(cartId)?.lines ?? []).map(({ sku, qty }) => ({ sku, qty }));
  }
}
