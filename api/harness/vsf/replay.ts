import { cartAdd, cartCalls, cartCreate } from './cart';
import { newsletterCalls } from './newsletter';
import { orderCall, orderRetry } from './order';
import { reviewCalls } from './review';
import { stockCalls } from './stock';
import type { ReplayContext, VsfAnswer, VsfCall } from './types';
import { userChangePassword, userCreate, userCreatePassword, userLogin, userMe, userOrderHistory, userRefresh, userResetPassword, userUpdate } from './user';

export interface ReplayResult {
  call: string;
  accepted: boolean;
  why?: string;
}

export interface ReplayOptions {
  /** The product to buy and review (a simple one in stock); found through the catalogue search when absent. */
  product?: { sku: string; id: number };
  /** Reads the reset e-mail's token (tests read the outbox); without it create-password is sent with a wrong token. */
  resetTokenFor?: (email: string) => Promise<string | undefined>;
}

/**
 * Every non-search call VSF 1.12 makes, in the order a shopper's session makes them: stock and
 * prices, newsletter, a review, a guest's cart and order (and its retry), then an account —
 * register, log in, a customer's cart and order, history, profile, tokens, passwords.
 */
export function vsfSession(): VsfCall[] {
  return [
    ...stockCalls,
    ...newsletterCalls,
    ...reviewCalls,
    ...cartCalls,
    orderCall('guest'),
    orderRetry,
    userCreate,
    userLogin,
    userMe,
    cartCreate('customer'),
    cartAdd("cart/update (customer's cart)"),
    orderCall('customer'),
    userOrderHistory,
    userUpdate,
    userRefresh,
    userChangePassword,
    userResetPassword,
    userCreatePassword,
  ];
}

/** The URL as core/lib/sync/task.ts getUrl makes it: {{token}} and {{cartId}} filled ('' when VSF has none). */
function urlOf(call: VsfCall, ctx: ReplayContext): string {
  const template = typeof call.url === 'function' ? call.url(ctx) : call.url;
  return template.replace('{{token}}', ctx.token ?? '').replace('{{cartId}}', ctx.cartId ?? '');
}

async function send(baseUrl: string, call: VsfCall, ctx: ReplayContext): Promise<VsfAnswer> {
  const value = call.body?.(ctx);
  const sent = value === undefined ? undefined : JSON.stringify(value);
  const response = await fetch(baseUrl + urlOf(call, ctx), { method: call.method, headers: call.headers, body: sent });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let body: VsfAnswer['body'] = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, contentType, body, sent };
}

/** A simple product in stock, as a shopper would find it: through the catalogue search (either answer format). */
async function findProduct(baseUrl: string): Promise<{ sku: string; id: number }> {
  const query = encodeURIComponent(JSON.stringify({ _availableFilters: [], _appliedFilters: [], _appliedSort: [], _searchText: '' }));
  const urls = [
    `/api/catalog/vue_storefront_catalog/product/_search?from=0&size=50&request_format=search-query&response_format=compact&request=${query}`,
    '/api/catalog/vue_storefront_catalog/product/_search?from=0&size=50',
  ];
  for (const url of urls) {
    const body = (await fetch(baseUrl + url)
      .then((response) => response.json())
      .catch(() => null)) as any;
    const hits = body?.hits;
    const docs: any[] = Array.isArray(hits)
      ? hits
      : Array.isArray(hits?.hits)
        ? hits.hits.map((hit: any) => hit._source ?? hit)
        : (body?.result?.items ?? body?.items ?? []);
    const found = docs.find(
      (doc) =>
        doc?.type_id === 'simple' &&
        doc.stock?.is_in_stock &&
        (!doc.stock.manage_stock || doc.stock.qty >= 5) &&
        !doc.custom_options &&
        Number.isInteger(doc.id),
    );
    if (found) return { sku: found.sku, id: found.id };
  }
  throw new Error('no simple product in stock found through the catalogue search');
}

/**
 * Replays VSF 1.12's non-search calls against a running API (`npm run bench:api` uses it) and
 * says for each whether the answer carries what VSF's code reads.
 */
export async function replayVsfCalls(baseUrl: string, options: ReplayOptions = {}): Promise<ReplayResult[]> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ctx: ReplayContext = {
    product: options.product ?? (await findProduct(baseUrl)),
    email: `vsf-replay-${stamp}@example.pl`,
    password: 'Replay-haslo-1',
    newPassword: 'Replay-haslo-2',
    token: '',
    items: [],
    resetTokenFor: options.resetTokenFor,
  };
  const results: ReplayResult[] = [];
  for (const call of vsfSession()) {
    try {
      if (call === userCreatePassword && ctx.resetTokenFor) ctx.resetToken = await ctx.resetTokenFor(ctx.email);
      const why = await call.reads(await send(baseUrl, call, ctx), ctx);
      results.push(why ? { call: call.call, accepted: false, why } : { call: call.call, accepted: true });
    } catch (error) {
      results.push({ call: call.call, accepted: false, why: `request failed: ${(error as Error).message}` });
    }
  }
  return results;
}
