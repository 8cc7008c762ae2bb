/**
 * The tag-manager bridge: page views by route (spec §2) and A/B facts go to window.dataLayer,
 * the array Google Tag Manager and its peers read. The shop loads no tracker itself.
 */
export type DataLayerEvent = Record<string, unknown> & { event: string };

type WithDataLayer = { dataLayer?: DataLayerEvent[] };

export function pushToDataLayer(event: DataLayerEvent, target: WithDataLayer = globalThis as WithDataLayer): void {
  (target.dataLayer ??= []).push(event);
}

export function pageView(route: { path: string; search: string; name: string; remote: string | null }, title: string): DataLayerEvent {
  return {
    event: 'page_view',
    page_path: `${route.path}${route.search}`,
    page_title: title,
    route_name: route.name,
    remote: route.remote,
  };
}

/** Spec §9 checkout tracking steps: 1 mini-cart, 2 no hash, 3 #shipping, 4 #payment, 5 #orderReview. */
const CHECKOUT_STEP_BY_HASH: Record<string, number> = { '': 2, '#shipping': 3, '#payment': 4, '#orderReview': 5 };
export const MINI_CART_STEP = 1;

/** The tracking step a route is, or null when it is not a checkout step. */
export function checkoutStepOf(route: { name: string; hash: string }): number | null {
  if (route.name !== 'checkout' && route.name !== 'en-checkout') return null;
  return CHECKOUT_STEP_BY_HASH[route.hash] ?? null;
}

export function checkoutStep(step: number): DataLayerEvent {
  return { event: 'checkout', ecommerce: { checkout: { actionField: { step } } } };
}
