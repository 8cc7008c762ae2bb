import { patternsOverlap, ROUTES, type BuiltInRemote, type RemoteName, type RouteDefinition } from './routes';

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

export interface RemoteDefinition {
  name: RemoteName;
  /** The routes it owns (its `./app` renders them), by name and path pattern. */
  routes: readonly { name: string; pattern: string }[];
  /** The slots it fills, each with the module it exposes for it ('./MiniCart'). */
  slots: Readonly<Partial<Record<SlotName, string>>>;
}

/** A remote's name: lower-case letters and digits, a letter first, at most 16 (its container, its URLs). */
export const REMOTE_NAME_PATTERN = '^[a-z][a-z0-9]{0,15}$';
const REMOTE_NAME = new RegExp(REMOTE_NAME_PATTERN);
/** A route's name, and a path pattern: `/segment`, `:param` segments, lower-case words. */
const ROUTE_NAME = /^[a-z][a-z0-9-]{0,47}$/;
const PATTERN = /^(?:\/(?:[a-z0-9][a-z0-9._-]{0,63}|:[a-zA-Z][a-zA-Z0-9]{0,31})){1,6}$/;
const MODULE = /^\.\/[A-Za-z][A-Za-z0-9]{0,47}$/;

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

/** What the shell loads of a remote: `./app` when it owns routes, and the module of each slot it fills. */
export function modulesOf(definition: RemoteDefinition): string[] {
  return [...new Set([...(definition.routes.length > 0 ? ['./app'] : []), ...Object.values(definition.slots).filter((module): module is string => !!module)])];
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

/**
 * Why a definition cannot join the shop's remotes (null: it can): a name of the right shape that
 * no remote has; route names and patterns of the right shape, none a path another remote owns
 * already; slots the shell has, each filled with a module name. `taken`: the definition is well
 * formed, but a name, path or slot is another remote's.
 */
export function definitionProblem(candidate: RemoteDefinition, existing: readonly RemoteDefinition[]): { message: string; taken: boolean } | null {
  const malformed = (message: string) => ({ message, taken: false });
  const taken = (message: string) => ({ message, taken: true });
  if (!REMOTE_NAME.test(candidate.name)) return malformed(`"${candidate.name}" is no remote name: lower-case letters and digits, a letter first, at most 16`);
  if (existing.some((definition) => definition.name === candidate.name)) return taken(`${candidate.name} is a remote of the shop already`);
  if (candidate.routes.length === 0 && Object.keys(candidate.slots).length === 0) return malformed('a remote owns at least one route or fills a slot');
  if (candidate.routes.length > 20) return malformed('at most 20 routes');
  const owned = existing.flatMap((definition) => definition.routes.map((route) => ({ ...route, remote: definition.name })));
  const seen: { name: string; pattern: string }[] = [];
  for (const route of candidate.routes) {
    if (!ROUTE_NAME.test(route.name)) return malformed(`"${route.name}" is no route name: lower-case words joined by -`);
    if (!PATTERN.test(route.pattern)) return malformed(`"${route.pattern}" is no path pattern: /word or /:param segments, at most 6`);
    const clash = [...owned, ...seen.map((row) => ({ ...row, remote: candidate.name }))].find(
      (other) => other.name === route.name || (other.pattern !== '*' && patternsOverlap(other.pattern, route.pattern)),
    );
    if (clash) {
      return taken(
        clash.name === route.name
          ? `the route name ${route.name} is ${clash.remote}'s already`
          : `${route.pattern} overlaps ${clash.pattern}, which ${clash.remote} owns (${clash.name})`,
      );
    }
    seen.push(route);
  }
  for (const [slot, module] of Object.entries(candidate.slots)) {
    if (!(SLOTS as readonly string[]).includes(slot)) return malformed(`the shell has no slot "${slot}" (it has ${SLOTS.join(', ')})`);
    if (typeof module !== 'string' || !MODULE.test(module)) return malformed(`slot ${slot}: "${String(module)}" is no exposed module (./Name)`);
    // A built-in remote's slot may go to a registered remote; one registered remote's, not.
    const holder = existing.find((definition) => !isBuiltInRemote(definition.name) && definition.slots[slot as SlotName]);
    if (holder) return taken(`the ${slot} slot is ${holder.name}'s already`);
  }
  return null;
}
