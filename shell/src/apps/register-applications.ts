import { matchRoute, type RemoteName } from '@kaloryfer/contracts';
import { registerApplication } from 'single-spa';
import { regionId } from '../layout/shell-layout';
import type { RemoteLoader } from '../registry/remote-loader';
import type { RegionMounter } from './region-mounter';
import { ResilientRegion } from './resilient-region';
import { reportExposure } from '../registry/exposure-beacon';
import { sendToErrorPage } from './send-to-error-page';

/**
 * One single-spa application per remote that owns routes (the spec's table in contracts, and
 * the registered remotes' routes the page's registry names: `routedRemotes(registry.shop)`). Its
 * lifecycles are the shell's ResilientRegion, so single-spa never sees a remote's failure and
 * never marks an application broken: the region shows the fallback instead (and /error when its
 * retry fails too). The first mount of the page's route hydrates the server's HTML; once it has
 * settled, widgets may load. A mount of an A/B-tested remote is reported as an exposure.
 */
export function registerApplications(loader: RemoteLoader, mounter: RegionMounter, routed: readonly RemoteName[]): void {
  for (const remote of routed) {
    // A first failure shows the region's fallback; when its retry fails too, the shopper goes to /error.
    const region = new ResilientRegion(loader, remote, './app', 'region', () => sendToErrorPage(remote));
    registerApplication({
      name: remote,
      app: async () => ({
        bootstrap: async () => undefined,
        mount: async () => {
          const element = document.getElementById(regionId(remote));
          try {
            if (element) await region.mount(element, {}, mounter.serverView(element, remote, './app'));
            // The A/B test's exposure: this shopper saw the tested remote (the API counts each shopper once).
            if (element && loader.isTested(remote)) reportExposure(remote);
          } finally {
            mounter.routeSettled();
          }
        },
        unmount: () => region.unmount(),
      }),
      activeWhen: (location) => matchRoute(location.pathname).remote === remote,
    });
  }
}
