/**
 * What the contracts are, without running them (`@kaloryfer/contracts/meta`): the version, the
 * shop's remotes (the built-in five and the rules a registered one must meet). No bus, no atoms, no page state — the API, the page
 * server and build tools read this in Node without evaluating the page's singleton.
 */
export { CONTRACTS_VERSION } from './version';
export { definitionProblem, modulesOf, patternsOverlap } from './remote-rules';
export {
  BUILT_IN_REMOTES,
  isBuiltInRemote,
  REMOTE_NAME_PATTERN,
  routedRemotes,
  shopRemotes,
  slotOwners,
  SLOTS,
  type RemoteDefinition,
  type SlotName,
} from './remotes';
export type { BuiltInRemote, RemoteName } from './routes';

/** Major of a semver string; NaN when it is not one. */
export function majorOf(version: string): number {
  const match = /^(\d+)\.\d+\.\d+/.exec(version);
  return match ? Number(match[1]) : Number.NaN;
}
