import type { RemoteDefinition } from '@kaloryfer/api-contract';
import { ROUTES, type BuiltInRemote, type RemoteName, type RouteDefinition } from './routes';

/**
 * The shop's remotes: which routes each owns and which of the shell's slots each fills
 * (docs/architecture.md, "The shop's remotes"). The five the shop is built with are declared here,
 * once; an operator registers others with the shop's registry (`npm run registry -- remote add`),
 * which hands their definitions to the page server and to every page — the shell's code never
 * names a remote.
 */

/** The places in the shell's layout a remote's module can fill: four in the header, the footer. */
export const SLOTS = ['search', 'account', 'wishlist', 'minicart', 'footer'] as const;
export type SlotName = (typeof SLOTS)[number];

/**
 * A remote of the shop: its name, the routes it owns (its `./app` renders them) by name and path
 * pattern, and the slots it fills, each with the module it exposes for it ('./MiniCart') — the
 * registry contract's (`RemoteDefinition` of @kaloryfer/api-contract), as the registry answers it.
 */
export type { RemoteDefinition };

/** A remote's name: lower-case letters and digits, a letter first, at most 16 (its container, its URLs). */
export const REMOTE_NAME_PATTERN = '^[a-z][a-z0-9]{0,15}$';

const BUILT_IN_SLOTS: Readonly<Record<BuiltInRemote, RemoteDefinition['slots']>> = {
  catalog: { search: './SearchButton' },
  cart: { minicart: './MiniCart' },
  checkout: {},
  account: { account: './AccountButton', wishlist: './WishlistButton' },
  content: { footer: './Footer' },
};

/** The five remotes the shop is built with: their routes are the spec's route table (routes.ts). */
export const BUILT_IN_REMOTES: readonly RemoteDefinition[] = (Object.keys(BUILT_IN_SLOTS) as BuiltInRemote[]).map((name) => ({
  name,
  routes: ROUTES.filter((route) => route.remote === name).map(({ name: route, pattern }) => ({ name: route, pattern })),
  slots: BUILT_IN_SLOTS[name],
}));

export const isBuiltInRemote = (name: string): name is BuiltInRemote => Object.prototype.hasOwnProperty.call(BUILT_IN_SLOTS, name);

/** The built-in remotes, then the registered ones (a registered remote never takes a built-in's name). */
export function shopRemotes(registered: readonly RemoteDefinition[] = []): RemoteDefinition[] {
  return [...BUILT_IN_REMOTES, ...registered.filter((definition) => !isBuiltInRemote(definition.name))];
}

/** The registered remotes' routes, as rows of the route table (routes.ts, setRegisteredRoutes). */
export function registeredRouteRows(registered: readonly RemoteDefinition[]): RouteDefinition[] {
  return registered
    .filter((definition) => !isBuiltInRemote(definition.name))
    .flatMap((definition) => definition.routes.map((route) => ({ ...route, remote: definition.name })));
}

/** Which remote's module fills each slot: the built-in owner, unless a registered remote took it. */
export function slotOwners(remotes: readonly RemoteDefinition[]): Record<SlotName, { remote: RemoteName; module: string } | null> {
  const owners = Object.fromEntries(SLOTS.map((slot) => [slot, null])) as Record<SlotName, { remote: RemoteName; module: string } | null>;
  for (const definition of remotes) {
    for (const slot of SLOTS) {
      const module = definition.slots[slot];
      if (module) owners[slot] = { remote: definition.name, module };
    }
  }
  return owners;
}

/** The remotes that own routes: each gets a region in the page's <main>. */
export const routedRemotes = (remotes: readonly RemoteDefinition[]): RemoteName[] =>
  remotes.filter((definition) => definition.routes.length > 0).map((definition) => definition.name);
