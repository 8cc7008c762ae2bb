import type { CartItem, CartTotals, CartTotalSegment, ConfigurableChild, Product, StockInfo } from '@kaloryfer/api-contract';
import { includedVat, round2, VAT_RATE } from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';
import type { CartApi, LineUpdate, StockAnswer } from '../cart-api';
import { sameLine } from '../cart-rules';

const IN_STOCK: StockInfo = { is_in_stock: true, qty: 20, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 100 };
/** A catalogue document's fields edit mode does not read, as the API fills them. */
const DOCUMENT = { status: 1, price: 0, tax_class_id: 2, stock: IN_STOCK, image: '/img/kf-ld-0086.jpg', url_key: 'grzejnik-lido' };

/**
 * A cart server in memory for the engine's tests, answering as the API does (docs/cart.md) and
 * in its contract's types (shared/api-contract):
 * an update without item_id adds to the equal line, with item_id sets the qty; a customer's
 * cart is one per customer; refusals carry the API's messages. Tests can make calls fail to
 * reach the rules the real server cannot easily produce (401 on create, a cart gone, offline).
 */
export class ScriptedCartServer implements CartApi {
  readonly carts = new Map<string, { lines: CartItem[]; coupon: string | null; customer: string | null }>();
  readonly calls: string[] = [];
  prices: Record<string, number> = { 'KF-ZT-0001': 89, 'KF-LD-0086-500x1200-BIA': 1299, 'KF-LD-0086-600x1200-BIA': 1399, 'KF-ZB-0001': 2499 };
  stock: Record<string, { is_in_stock: boolean; is_volatile?: boolean; max?: number }> = {};
  /** Valid customer tokens → customer id. */
  customers: Record<string, string> = { 'token-anna': 'anna' };
  /** Calls (by name) that fail next, with a status (0 = the network; -1 = done, but the answer is lost on the way back). */
  failNext: Record<string, number[]> = {};
  /** Each update's Idempotency-Key, in order; an answer kept per key, as the API keeps it. */
  readonly keys: string[] = [];
  private readonly answered = new Map<string, CartItem>();
  private nextId = 1;
  private nextCart = 1;

  private step(name: string): void {
    this.calls.push(name);
    const status = this.failNext[name]?.[0];
    if (status === -1) return; // the call goes through; `lose` throws after it
    this.failNext[name]?.shift();
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

  async pull(cartId: string, token: string | null): Promise<CartItem[]> {
    this.step('pull');
    // As the API: a line with a problem keeps its name, carries the error and is not charged.
    return this.cartFor(cartId, token).lines.map((line) => {
      const problem = this.problem(line.sku, line.qty);
      return problem.error ? { ...line, ...problem, price: 0, row_total_incl_tax: 0 } : line;
    });
  }

  async update(cartId: string, item: LineUpdate, token: string | null, changeKey: string): Promise<CartItem> {
    this.step('update');
    this.keys.push(changeKey);
    const kept = this.answered.get(`${cartId} ${changeKey}`);
    if (kept) return this.lose('update', kept);
    const cart = this.cartFor(cartId, token);
    if (!(item.sku in this.prices)) throw new ApiFailure(404, 'Product query returned an empty result');
    const probe: CartItem = {
      item_id: 0,
      sku: item.sku,
      qty: item.qty,
      quote_id: cartId,
      product_type: item.product_option?.extension_attributes?.bundle_options ? 'bundle' : 'simple',
      ...(item.product_option ? { product_option: item.product_option } : {}),
      name: `Produkt ${item.sku}`,
      price: this.prices[item.sku],
      row_total_incl_tax: 0,
      parent_sku: null,
      options: [],
    };
    const existing = item.item_id !== undefined ? cart.lines.find((line) => line.item_id === item.item_id) : cart.lines.find((line) => sameLine(line, probe));
    if (item.item_id !== undefined && !existing) throw new ApiFailure(404, `No item ${item.item_id} in this cart`);
    const qty = item.item_id !== undefined ? item.qty : (existing?.qty ?? 0) + item.qty;
    const problem = this.problem(item.sku, qty).error;
    if (problem) throw new ApiFailure(400, problem);
    const line: CartItem = { ...probe, item_id: existing?.item_id ?? this.nextId++, qty, row_total_incl_tax: this.prices[item.sku] * qty };
    cart.lines = existing ? cart.lines.map((candidate) => (candidate === existing ? line : candidate)) : [...cart.lines, line];
    this.answered.set(`${cartId} ${changeKey}`, line);
    return this.lose('update', line);
  }

  /** The answer, unless the test said it is lost on the way back (failNext -1: the change is made all the same). */
  private lose<T>(name: string, answer: T): T {
    if (this.failNext[name]?.[0] !== -1) return answer;
    this.failNext[name]!.shift();
    throw new TypeError('Failed to fetch');
  }

  async remove(cartId: string, itemId: number, token: string | null): Promise<void> {
    this.step('remove');
    const cart = this.cartFor(cartId, token);
    if (!cart.lines.some((line) => line.item_id === itemId)) throw new ApiFailure(404, `No item ${itemId} in this cart`);
    cart.lines = cart.lines.filter((line) => line.item_id !== itemId);
  }

  async totals(cartId: string, token: string | null): Promise<CartTotals> {
    this.step('totals');
    const cart = this.cartFor(cartId, token);
    const lines = cart.lines.filter((line) => !this.problem(line.sku, line.qty).error);
    const subtotal = lines.reduce((sum, line) => sum + this.prices[line.sku] * line.qty, 0);
    const discount = cart.coupon ? -Math.round(subtotal * 15) / 100 : 0;
    const grandTotal = subtotal + discount;
    const tax = includedVat(grandTotal);
    const segments: CartTotalSegment[] = [
      { code: 'subtotal', title: 'Wartość produktów', value: subtotal },
      ...(cart.coupon ? [{ code: 'discount' as const, title: `Rabat (${cart.coupon})`, value: discount }] : []),
      { code: 'tax', title: `W tym VAT ${VAT_RATE}%`, value: tax },
      { code: 'grand_total', title: 'Do zapłaty', value: grandTotal },
    ];
    return {
      subtotal_incl_tax: subtotal,
      discount_amount: discount,
      coupon_code: cart.coupon,
      shipping_incl_tax: 0,
      payment_fee_incl_tax: 0,
      tax_amount: tax,
      grand_total: grandTotal,
      total_segments: segments,
      shipping_method: null,
      payment_method: null,
      items: lines.map((line) => ({
        item_id: line.item_id,
        sku: line.sku,
        name: line.name,
        qty: line.qty,
        price_incl_tax: this.prices[line.sku],
        row_total_incl_tax: this.prices[line.sku] * line.qty,
        options: line.options,
      })),
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

  async checkStock(sku: string): Promise<StockAnswer> {
    this.step('checkStock');
    const stock = this.stock[sku] ?? { is_in_stock: true };
    return { is_in_stock: stock.is_in_stock, is_volatile: stock.is_volatile ?? false };
  }

  /** A configurable whose variants are the known SKUs under its own (`KF-LD-0086` → `KF-LD-0086-500x1200-BIA`, …). */
  async product(sku: string): Promise<Product> {
    this.step('product');
    const children = Object.keys(this.prices).filter((candidate) => candidate.startsWith(`${sku}-`));
    if (children.length === 0) throw new ApiFailure(404, 'Product query returned an empty result');
    const child = (childSku: string, index: number): ConfigurableChild => ({
      ...DOCUMENT,
      id: 1000 + index,
      sku: childSku,
      name: `Produkt ${childSku}`,
      visibility: 1,
      type_id: 'simple',
      price: round2(this.prices[childSku] / (1 + VAT_RATE / 100)),
      width: Number(/-(\d+)x/.exec(childSku)?.[1]),
    });
    return {
      ...DOCUMENT,
      id: 100,
      sku,
      name: `Produkt ${sku}`,
      type_id: 'configurable',
      visibility: 4,
      tier_prices: [],
      thumbnail: DOCUMENT.image,
      media_gallery: [],
      url_path: 'grzejniki/grzejnik-lido',
      slug: 'grzejnik-lido',
      category: [],
      category_ids: [],
      description: '',
      short_description: '',
      meta_title: '',
      meta_keyword: '',
      meta_description: '',
      created_at: '2024-01-01 00:00:00',
      updated_at: '2024-01-01 00:00:00',
      view_count: 0,
      configurable_options: [
        {
          id: 1,
          attribute_id: 93,
          attribute_code: 'width',
          label: 'Szerokość',
          position: 0,
          values: [
            { value_index: 500, label: '500 mm' },
            { value_index: 600, label: '600 mm' },
          ],
        },
      ],
      configurable_children: children.map(child),
    };
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
