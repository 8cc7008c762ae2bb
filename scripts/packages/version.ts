import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nextSurface, readSurface, runtimeSurface, SURFACE_FILE } from './contracts-surface';
import { readVersionRecord, ROOT, sharedPackages, sourceHash, writeVersionRecord } from './shared-packages';

/**
 * npm run packages:version — turns the pending changesets (.changeset/*.md, written by
 * `npx changeset`) into versions: @changesets/cli bumps each named package (and the ranges of
 * the packages that depend on it) and writes its CHANGELOG.md; then this writes what follows
 * from the new versions — the contracts' CONTRACTS_VERSION and surface.json (what each minor
 * adds), and shared/versions.json (each package's version and fingerprint, which the tests hold
 * a change against). Commit the result; `npm run packages:publish` publishes it.
 */
async function main() {
  const before = new Map(sharedPackages().map((pkg) => [pkg.name, pkg.version]));
  const changeset = spawnSync('npx', ['changeset', 'version'], { cwd: ROOT, stdio: 'inherit' });
  if (changeset.status !== 0) throw new Error('changeset version failed (above)');
  const packages = sharedPackages();

  const contracts = packages.find((pkg) => pkg.name === '@kaloryfer/contracts');
  if (!contracts) throw new Error('no @kaloryfer/contracts under shared/');
  const versionFile = path.join(contracts.dir, 'src', 'version.ts');
  const text = fs.readFileSync(versionFile, 'utf8');
  fs.writeFileSync(versionFile, text.replace(/CONTRACTS_VERSION = '[^']*'/, `CONTRACTS_VERSION = '${contracts.version}'`));
  const surface = nextSurface(readSurface(), await runtimeSurface(), contracts.version);
  fs.writeFileSync(SURFACE_FILE, `${JSON.stringify(surface, null, 2)}\n`);

  const record = readVersionRecord();
  // A package whose files changed keeps its old fingerprint until a changeset gives it a version:
  // running this never makes an unversioned change look versioned.
  const unversioned = packages.filter((pkg) => record[pkg.name]?.version === pkg.version && record[pkg.name].source !== sourceHash(pkg));
  if (unversioned.length > 0) {
    throw new Error(`${unversioned.map((pkg) => pkg.name).join(', ')} changed, but no changeset names it: run npx changeset, then this again`);
  }
  writeVersionRecord(packages);
  for (const pkg of packages) {
    const was = record[pkg.name]?.version ?? before.get(pkg.name);
    console.log(was === pkg.version ? `  ${pkg.name} ${pkg.version}` : `  ${pkg.name} ${was} → ${pkg.version}`);
  }
  console.log('Versions written: commit them, then npm run packages:publish -- --registry <url>.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
