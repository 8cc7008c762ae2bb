import type { CartOptionLabel, CartTotals as CartTotalsAnswer, CartTotalSegment, SavedAddress } from '@kaloryfer/api-contract';
import type { ProductOptionInput } from '../channels/cart';
import type { NotificationInput } from '../channels/notifications';
import type { OverlayPanel } from '../channels/overlay';

/**
 * A cart line as `$cart` publishes it: the one shape of a line every part reads. The cart engine
 * (mfe-cart) keeps its lines as extensions of it (`LocalItem`, `EngineItem`) and a request to
 * add one (`CartAddRequest`) is a part of it.
 */
export interface CartLine {
  sku: string;
  parentSku?: string;
  name: string;
  qty: number;
  /** Gross unit price as the server computed it (0 until the first sync). */
  priceInclTax: number;
  /** Gross row total as the server computed it. */
  rowTotalInclTax: number;
  typeId: string;
  image?: string;
  /** The product's slug, for the link back to its page. */
  slug?: string;
  productOption?: ProductOptionInput;
  /** The chosen options in words, as the server describes them ("Kolor: Biały"). */
  options: CartOptionLabel[];
  /** The server cart's line id once synced. */
  itemId?: number;
  /** Why the line cannot be bought as it is (stock ran out, price gone), a messages key; left out of the totals. */
  error?: string;
  errorParams?: Record<string, string | number>;
}

/** A total's row, as the API answers it (shared/api-contract): `code` is stable (the storefront translates it), `title` is the server's Polish text. */
export type { CartTotalSegment };

/**
 * The server's totals (never computed from client prices): the API's answer (`CartTotals` of
 * @kaloryfer/api-contract, which shared/domain computes) as `$cart` carries it, in camelCase —
 * reshaped once, by the cart engine (mfe-cart's projectCart).
 */
export interface CartTotals {
  subtotalInclTax: CartTotalsAnswer['subtotal_incl_tax'];
  /** Negative or 0. */
  discountAmount: CartTotalsAnswer['discount_amount'];
  couponCode: CartTotalsAnswer['coupon_code'];
  shippingInclTax: CartTotalsAnswer['shipping_incl_tax'];
  grandTotal: CartTotalsAnswer['grand_total'];
  segments: CartTotalsAnswer['total_segments'];
}

export interface CartState {
  items: CartLine[];
  /** Sum of quantities (spec §9: the minicart counts quantities). */
  itemsCount: number;
  grandTotal: number | null;
  /** True once the stored cart has been read at start. */
  isLoaded: boolean;
  /** The server cart's id (the guest's secret) once connected; checkout calls the API with it. */
  cartId: string | null;
  totals: CartTotals | null;
  /** A server call is under way (the microcart disables its controls meanwhile). */
  syncing: boolean;
}

/**
 * A saved address of the customer's address book: the API's `SavedAddress` (GET /api/user/me,
 * docs/account.md) as `$session` carries it — its fields by name, in camelCase, without Magento's
 * empty region, the defaults resolved — reshaped once, by mfe-account (sessionUserOf). Its `id` is
 * the server's: another customer's is refused with 404.
 */
export interface CustomerAddress extends Pick<SavedAddress, 'id' | 'firstname' | 'lastname' | 'street' | 'city' | 'postcode' | 'telephone' | 'company'> {
  countryId: SavedAddress['country_id'];
  vatId?: SavedAddress['vat_id'];
  defaultShipping: boolean;
  defaultBilling: boolean;
}

/** The signed-in customer as every remote may read them (names seed checkout, addresses are offered there). */
export interface SessionUser {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  groupId: number;
  addresses: CustomerAddress[];
  /** The account's newsletter consent flag (the subscription itself is the newsletter API's). */
  isSubscribed: boolean;
}

/**
 * Spec §4 "Token handling": the invalidate lock. 0 = calls go out; 1 = a refresh is under way
 * (calls with the token wait 1 s and try again); -1 = the refresh failed (calls that carried the
 * token fail with 401) until the next login.
 */
export type TokenLock = 0 | 1 | -1;

export interface SessionState {
  authorised: boolean;
  user: SessionUser | null;
  /** The customer's access token while authorised. The refresh token never leaves mfe-account. */
  token: string | null;
  /** The signed customer group for catalogue prices (spec §6), once the profile has loaded. */
  groupToken: string | null;
  tokenLock: TokenLock;
}

export interface Notification extends NotificationInput {
  id: number;
}

export interface OverlayState {
  /** True while any panel that turns the overlay on is open. */
  active: boolean;
  panels: OverlayPanel[];
}

export interface ListedProduct {
  sku: string;
  parentSku: string;
  name: string;
  slug: string;
  image?: string;
  /** The gross price when the shopper saw it (recently viewed shows it; it may be out of date since). */
  priceInclTax?: number | null;
}

export interface RouteState {
  path: string;
  search: string;
  hash: string;
  /** Route name from the route table, 'page-not-found' when nothing matched. */
  name: string;
  params: Record<string, string>;
  previousPath: string | null;
  /** True when the shopper came here with the browser's back/forward buttons. */
  isBack: boolean;
}
