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
