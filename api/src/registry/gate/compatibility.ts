import semver from 'semver';
import type { BuildInfo } from '../build-files';

/**
 * Whether a remote's build can run beside this shop's shell (docs/releasing.md, "Compatibility"),
 * judged from what the build says it needs (build-info.json, written by @kaloryfer/mfe-build) and
 * what the shell gives every page. Pure rules; the release gate runs them as its `contracts` and
 * `shared` checks.
 */

/** One runtime export of @kaloryfer/contracts, as its surface.json records it. */
export interface SurfaceEntry {
  /** The major.minor that added it. */
  since: string;
  kind: 'channel' | 'atom' | 'function' | 'value';
  /** A channel's name on the bus (`cart:add-requested`). */
  channel?: string;
}

/** The contracts every page runs: the shell's copy (a Module Federation singleton, loaded first). */
export interface ShellContracts {
  version: string;
  /** Its surface.json; null when unknown (then a newer minor is refused outright). */
  surface: Record<string, SurfaceEntry> | null;
}

/** Singletons whose fit the `contracts` check judges by name, not by range. */
const CHECKED_BY_NAME = new Set(['@kaloryfer/contracts']);

export interface Verdict {
  ok: boolean;
  detail: string;
}

const majorMinor = (version: string) => {
  const parsed = semver.parse(version);
  return parsed ? { major: parsed.major, minor: parsed.minor } : null;
};

function describe(name: string, since: string | null, surface: Record<string, SurfaceEntry> | null, builtWith: string): string {
  const entry = surface?.[name];
  const added = since ? `, added in ${since}` : `, not in contracts ${builtWith}`;
  if (entry?.kind === 'channel' && entry.channel) return `channel ${entry.channel} (${name}${added})`;
  if (name.startsWith('$')) return `atom ${name}${since ? ` (added in ${since})` : ''}`;
  return `${name}${since ? ` (added in ${since})` : ''}`;
}

/**
 * The `contracts` check. Another major never talks to this shell. Within the major, the page
 * hands the build the shell's copy of the contracts, so every name the build imports from them
 * must exist in the shell's version: a build of a newer minor that uses only what the shell has
 * passes; one that needs a channel, atom or function the shell lacks is refused, naming each.
 */
export function contractsVerdict(build: Pick<BuildInfo, 'contracts' | 'contractsUses'>, shell: ShellContracts): Verdict {
  const built = majorMinor(build.contracts);
  const theirs = majorMinor(shell.version);
  if (!built || !theirs) return { ok: false, detail: `contracts ${build.contracts} or the shell's ${shell.version} is no version` };
  if (built.major !== theirs.major) {
    return {
      ok: false,
      detail: `built against contracts ${build.contracts}, but the shell speaks ${shell.version}: a build of another major cannot talk to this shell (release a shell on ${built.major}.x first)`,
    };
  }
  const newer = built.minor > theirs.minor;
  const uses = build.contractsUses;
  if (!uses) {
    return newer
      ? {
          ok: false,
          detail: `built against contracts ${build.contracts}, newer than the shell's ${shell.version}, and its build-info.json does not say what it uses (build it with @kaloryfer/mfe-build ≥ 1.0)`,
        }
      : { ok: true, detail: `built against contracts ${build.contracts}; the shell speaks ${shell.version}` };
  }
  const names = Object.keys(uses).sort();
  const lacking = names.filter((name) => {
    if (shell.surface) return !(name in shell.surface);
    // No surface to read: only what the shell's minor had can be trusted.
    const since = uses[name] ? majorMinor(`${uses[name]}.0`) : null;
    return !since || since.minor > theirs.minor;
  });
  if (lacking.length > 0) {
    const listed = lacking.map((name) => describe(name, uses[name], shell.surface, build.contracts));
    return {
      ok: false,
      detail: `built against contracts ${build.contracts} and needs what the shell's ${shell.version} lacks: ${listed.join('; ')} — release a shell built with contracts ${build.contracts} first`,
    };
  }
  return {
    ok: true,
    detail: `built against contracts ${build.contracts}; uses ${names.length} of its names, all in the shell's ${shell.version}${newer ? ' (a newer minor, nothing new used)' : ''}`,
  };
}

/**
 * The `shared` check: each singleton the build shares (react, react-dom, nanostores, i18n…) is
 * the shell's copy on the page, so the shell's version must satisfy the range the build declares
 * for it — a build made for React 20 never meets React 19 in a shopper's browser. The contracts
 * are the exception: `contracts` checks them by the names the build uses, finer than a range (a
 * team's `^1.4.0` after a version bump refuses nothing a 1.2 shell can run). A singleton the shell
 * does not share is the build's own (fine); a build that declares no ranges (made before they
 * were recorded) passes with a note.
 */
export function sharedVerdict(build: Pick<BuildInfo, 'shared'>, shellShared: Record<string, string> | null): Verdict {
  if (!build.shared) return { ok: true, detail: 'the build declares no shared ranges (built before they were recorded)' };
  if (!shellShared) return { ok: true, detail: "the shell's share scope is unknown here: ranges not compared" };
  const refused: string[] = [];
  const compared: string[] = [];
  for (const [name, { version, requiredVersion }] of Object.entries(build.shared)) {
    const shells = shellShared[name];
    if (!shells || CHECKED_BY_NAME.has(name)) continue;
    compared.push(name);
    const range = semver.validRange(requiredVersion);
    if (!range) refused.push(`${name}: "${requiredVersion}" is no version range`);
    else if (!semver.satisfies(shells, range, { includePrerelease: true })) {
      refused.push(`${name} ${requiredVersion} (built with ${version}), the shell shares ${shells}`);
    }
  }
  if (refused.length > 0) return { ok: false, detail: `the page's one copy does not fit: ${refused.join('; ')}` };
  return { ok: true, detail: `${compared.length} singletons within the build's ranges: ${compared.map((name) => `${name} ${shellShared[name]}`).join(', ')}` };
}
