import { REMOTE_NAME_PATTERN, SLOTS, isBuiltInRemote, type RemoteDefinition, type SlotName } from './remotes';

/**
 * The rules a remote must meet to join the shop (docs/architecture.md, "The shop's remotes"): the
 * registry holds a registration to them; a page trusts what the registry says. Not in the page's
 * singleton (`@kaloryfer/contracts/meta` only): no shopper's browser needs the words.
 */
const REMOTE_NAME = new RegExp(REMOTE_NAME_PATTERN);
const segmentsOf = (pattern: string) => pattern.split('/').filter((segment) => segment !== '');

/** Whether two patterns can match one path (a path of the same length whose fixed segments agree). */
export function patternsOverlap(a: string, b: string): boolean {
  if (a === '*' || b === '*') return a === b;
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  return left.length === right.length && left.every((segment, i) => segment.startsWith(':') || right[i].startsWith(':') || segment === right[i]);
}

/** A route's name, and a path pattern: `/segment`, `:param` segments, lower-case words. */
const ROUTE_NAME = /^[a-z][a-z0-9-]{0,47}$/;
const PATTERN = /^(?:\/(?:[a-z0-9][a-z0-9._-]{0,63}|:[a-zA-Z][a-zA-Z0-9]{0,31})){1,6}$/;
const MODULE = /^\.\/[A-Za-z][A-Za-z0-9]{0,47}$/;

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

/** What the shell loads of a remote: `./app` when it owns routes, and the module of each slot it fills. */
export function modulesOf(definition: RemoteDefinition): string[] {
  return [...new Set([...(definition.routes.length > 0 ? ['./app'] : []), ...Object.values(definition.slots).filter((module): module is string => !!module)])];
}
