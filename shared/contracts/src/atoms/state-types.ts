import type { ProductOptionInput } from '../channels/cart';
import type { NotificationInput } from '../channels/notifications';
import type { OverlayPanel } from '../channels/overlay';

export interface CartLine {
  sku: string;
  parentSku?: string;
  name: string;
  qty: number;
  /** Gross unit price as the server computed it. */
  priceInclTax: number;
  image?: string;
  productOption?: ProductOptionInput;
}

export interface CartState {
  items: CartLine[];
  /** Sum of quantities (spec §9: the minicart counts quantities). */
  itemsCount: number;
  grandTotal: number | null;
  isLoaded: boolean;
}

export interface SessionState {
  authorised: boolean;
  user: { firstname: string; lastname: string; email: string; groupId: number } | null;
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
