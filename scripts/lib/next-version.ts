/**
 * The version `npm run release -- <remote> --bump <kind>` gives the next build: above every
 * version the registry has published of the remote (a published version never changes), and on
 * a developer's shop a prerelease of it (`1.0.1-dev.0`, then `1.0.1-dev.1`, …) so trying things
 * locally never uses up a version a team would release.
 */
export type Bump = 'patch' | 'minor' | 'major';

export const BUMPS: readonly Bump[] = ['patch', 'minor', 'major'];

type Core = [number, number, number];

/** `1.4.2`, `1.4.2-dev.3` → [1, 4, 2]; anything else → null (a version the shop does not count from). */
function coreOf(version: string): Core | null {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

const isPrerelease = (version: string) => /^\d+\.\d+\.\d+-/.test(version);
const compare = (a: Core, b: Core) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const text = (core: Core) => core.join('.');

function bumped([major, minor, patch]: Core, kind: Bump): Core {
  if (kind === 'major') return [major + 1, 0, 0];
  if (kind === 'minor') return [major, minor + 1, 0];
  return [major, minor, patch + 1];
}

/**
 * The next free version: `kind` above the highest released version among `taken` and `current`
 * (the build's own version: the package's, or REMOTE_VERSION). Prereleases do not count as
 * released; with `dev`, the answer is the next `-dev.N` of that version.
 */
export function nextVersion({ current, taken, kind, dev }: { current: string; taken: string[]; kind: Bump; dev: boolean }): string {
  const released = [current, ...taken]
    .filter((version) => !isPrerelease(version))
    .map(coreOf)
    .filter((core): core is Core => core !== null);
  // A prerelease current version (1.2.0-rc.1) counts as released here: --bump patch gives 1.2.1, leaving
  // 1.2.0 to the team that cut the prerelease (npm version would give 1.2.0).
  const currentCore = coreOf(current);
  if (currentCore && isPrerelease(current)) released.push(currentCore);
  const highest = released.sort(compare).at(-1) ?? [0, 0, 0];
  const takenSet = new Set(taken);
  let next = bumped(highest, kind);
  if (dev) {
    const prefix = `${text(next)}-dev.`;
    const numbers = taken.filter((version) => version.startsWith(prefix)).map((version) => Number(version.slice(prefix.length)));
    const counter = Math.max(-1, ...numbers.filter(Number.isInteger)) + 1;
    return `${prefix}${counter}`;
  }
  while (takenSet.has(text(next))) next = bumped(next, kind);
  return text(next);
}
