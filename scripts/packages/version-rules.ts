import type { RuntimeSurface, SurfaceFile } from './contracts-surface';
import type { Bump, VersionRecord } from './shared-packages';

export interface PackageState {
  name: string;
  version: string;
  /** Its fingerprint now (shared-packages.ts, sourceHash). */
  source: string;
}

const ORDER: Bump[] = ['patch', 'minor', 'major'];
const atLeast = (bump: Bump | undefined, wanted: Bump) => bump !== undefined && ORDER.indexOf(bump) >= ORDER.indexOf(wanted);

/**
 * What keeps the shared packages' versions honest (docs/releasing.md, "Versions and change
 * notes"), as problems to fix — none when all is well:
 * - a version is changed only by `npm run packages:version` (shared/versions.json records it);
 * - a package whose files changed since its version was made needs a pending changeset naming it;
 * - @kaloryfer/contracts: a new runtime export needs at least a minor changeset, a removed one a
 *   major (remotes built against the current major use it), and its surface record follows its version.
 */
export function versionProblems(input: {
  packages: PackageState[];
  record: VersionRecord;
  bumps: Map<string, Bump>;
  contracts?: { runtime: RuntimeSurface; surface: SurfaceFile; version: string };
}): string[] {
  const problems: string[] = [];
  for (const pkg of input.packages) {
    const recorded = input.record[pkg.name];
    if (!recorded) {
      problems.push(`${pkg.name} is not in shared/versions.json: add it with npm run packages:version`);
      continue;
    }
    if (recorded.version !== pkg.version) {
      problems.push(
        `${pkg.name} is at ${pkg.version} but was versioned ${recorded.version}: versions change only through changesets (npx changeset, then npm run packages:version)`,
      );
    }
    if (recorded.source !== pkg.source && !input.bumps.has(pkg.name)) {
      problems.push(
        `${pkg.name} changed since ${recorded.version} and no changeset names it: run npx changeset (patch, minor or major) and commit the file it writes`,
      );
    }
  }
  const contracts = input.contracts;
  if (contracts) {
    const bump = input.bumps.get('@kaloryfer/contracts');
    const added = Object.keys(contracts.runtime).filter((name) => !(name in contracts.surface.exports));
    const removed = Object.keys(contracts.surface.exports).filter((name) => !(name in contracts.runtime));
    if (removed.length > 0 && !atLeast(bump, 'major')) {
      problems.push(
        `@kaloryfer/contracts no longer exports ${removed.join(', ')}: remotes built against ${contracts.surface.version} use them, so this is a major change — a changeset with "@kaloryfer/contracts": major (the shell ships first: docs/releasing.md)`,
      );
    }
    if (added.length > 0 && !atLeast(bump, 'minor')) {
      problems.push(
        `@kaloryfer/contracts exports ${added.join(', ')} new: a new name is a minor change — a changeset with "@kaloryfer/contracts": minor (npm run packages:version records it in surface.json)`,
      );
    }
    if (contracts.surface.version !== contracts.version) {
      problems.push(
        `shared/contracts/surface.json was written for ${contracts.surface.version}, the package is ${contracts.version}: run npm run packages:version`,
      );
    }
  }
  return problems;
}
