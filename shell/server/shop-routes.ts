import { registeredRouteRows, setRegisteredRoutes, slotOwners } from '@kaloryfer/contracts';
import type { RegistrySnapshot } from './registry-snapshot';

let applied: RegistrySnapshot | null = null;

/**
 * The page server matches paths against the shop's remotes of the registry it serves: the
 * built-in routes and, before the catch-all, those of the remotes an operator registered
 * (docs/routes.md, "Registered remotes"). Set once per snapshot — when a new one is prepared and
 * when a page is composed with one — since the contracts' route table is this process's.
 */
export function followShopRoutes(snapshot: RegistrySnapshot): void {
  if (applied === snapshot) return;
  applied = snapshot;
  setRegisteredRoutes(registeredRouteRows(snapshot.registry.shop));
}

/** The remote and module drawing every page's footer in this snapshot (the content remote's, unless a registered one took the slot). */
export function footerOf(snapshot: RegistrySnapshot): { remote: string; module: string } | null {
  return slotOwners(snapshot.registry.shop).footer;
}
