/**
 * What the contracts are, without running them (`@kaloryfer/contracts/meta`): the version, the
 * modules the shell loads of each remote. No bus, no atoms, no page state — the API, the page
 * server and build tools read this in Node without evaluating the page's singleton.
 */
export { CONTRACTS_VERSION } from './version';
export { REMOTE_MODULES } from './remote-modules';
export type { RemoteName } from './routes';

/** Major of a semver string; NaN when it is not one. */
export function majorOf(version: string): number {
  const match = /^(\d+)\.\d+\.\d+/.exec(version);
  return match ? Number(match[1]) : Number.NaN;
}
