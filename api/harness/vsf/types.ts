/**
 * One request of VSF 1.12's client, as its source sends it (core/data-resolver/*, its stores and
 * config/default.json endpoints), and what that code reads from the answer.
 */
export interface VsfAnswer {
  status: number;
  contentType: string;
  body: { code?: number; result?: any; meta?: Record<string, any> } | null;
  /** The body as sent (JSON text), when there was one. */
  sent?: string;
}

/** What a replay knows as it goes: the product it buys, the cart and the session VSF would hold. */
export interface ReplayContext {
  product: { sku: string; id: number };
  email: string;
  password: string;
  newPassword: string;
  /** The cart VSF holds (`cartServerToken`): the guest's, then the customer's after login. */
  cartId?: string;
  /** The user token VSF holds (`user.token`); '' for a guest, as its store starts. */
  token: string;
  refreshToken?: string;
  customerId?: number;
  /** The cart lines VSF knows (its cartItems, with the server's item ids). */
  items: Array<{ sku: string; qty: number; item_id: number; server_item_id: number; name?: string; price?: number; product_type?: string }>;
  /** The shipping method VSF picked from shipping-methods (its default: the first online one). */
  shipping?: { carrier_code: string; method_code: string };
  /** The payment method the shopper picked from payment-methods. */
  paymentMethod?: string;
  /** The order VSF placed last: the retry check sends it again. */
  lastOrder?: { body: string; orderNumber: string };
  /** The token of the reset e-mail, once read (resetTokenFor). */
  resetToken?: string;
  /** The reset e-mail's token; the replay's caller can read it from the outbox. */
  resetTokenFor?: (email: string) => Promise<string | undefined>;
}

export interface VsfCall {
  /** "cart/create (guest)" */
  call: string;
  /** Where VSF 1.12.3 makes this request (file and function), so the shape can be checked again. */
  source: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The endpoint as VSF's config writes it: {{token}} and {{cartId}} are filled like core/lib/sync/task.ts getUrl does. */
  url: string | ((ctx: ReplayContext) => string);
  headers: Record<string, string>;
  /** The body exactly as VSF builds it before JSON.stringify; absent = VSF sends no body. */
  body?: (ctx: ReplayContext) => unknown;
  /** Checks what VSF's code reads; returns why the answer would not do for it (undefined = accepted). May note ids in the context. */
  reads: (answer: VsfAnswer, ctx: ReplayContext) => string | undefined | Promise<string | undefined>;
}

/** VSF's TaskQueue treats `code !== 200` in the JSON body as a failure (core/lib/sync/task.ts). */
export function ok(answer: VsfAnswer): string | undefined {
  if (!answer.contentType.includes('application/json')) return `content-type ${answer.contentType || 'none'} (VSF wants application/json)`;
  if (answer.body?.code !== 200) return `code ${answer.body?.code ?? answer.status}: ${JSON.stringify(answer.body?.result ?? null).slice(0, 200)}`;
  return undefined;
}

/** The first of several checks that fails, or undefined. */
export const first = (...checks: Array<string | undefined | false>): string | undefined => checks.find((check): check is string => typeof check === 'string');

/** `what` unless `condition` holds. */
export const need = (condition: unknown, what: string): string | undefined => (condition ? undefined : what);

/** VSF's common headers: every data resolver sends Content-Type: application/json, even on GET and bodiless POST. */
export const JSON_HEADERS = { 'Content-Type': 'application/json' };
/** UserService and ReviewsService add Accept. */
export const USER_HEADERS = { Accept: 'application/json, text/plain, */*', 'Content-Type': 'application/json' };
