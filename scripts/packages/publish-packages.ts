import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedPackages, type SharedPackage } from './shared-packages';

export interface Published {
  name: string;
  version: string;
  outcome: 'published' | 'already there';
}

/** npm's key for a registry's credentials: the URL without its scheme (`//127.0.0.1:4873/:_authToken`). */
const authKey = (registry: string) => `${registry.replace(/^https?:/, '').replace(/\/?$/, '/')}:_authToken`;

function npm(args: string[], options: { cwd?: string; userconfig?: string } = {}): { status: number; stdout: string; stderr: string } {
  const result = spawnSync('npm', [...args, ...(options.userconfig ? ['--userconfig', options.userconfig] : [])], {
    cwd: options.cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false' },
  });
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/** What npm pack made: the tarball and its SHA-1, as a registry records it (dist.shasum). */
function pack(pkg: SharedPackage, into: string): { file: string; shasum: string } {
  const result = npm(['pack', '--json', '--pack-destination', into], { cwd: pkg.dir });
  if (result.status !== 0) throw new Error(`npm pack of ${pkg.name} failed:\n${result.stderr}${result.stdout}`);
  const [packed] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { filename: string; shasum: string }[];
  return { file: path.join(into, packed.filename), shasum: packed.shasum };
}

/**
 * Publishes each shared package whose version the registry does not have yet, dependencies
 * first; a version already there is left alone when it holds the same files and refused when it
 * holds others (a published version never changes: a change needs a changeset and a new version).
 * `token` authenticates with the registry; without one, npm's own configuration does.
 */
export function publishSharedPackages(options: { registry: string; token?: string; log?: (line: string) => void }): Published[] {
  const registry = options.registry.replace(/\/?$/, '/');
  const log = options.log ?? (() => {});
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-packages-'));
  const userconfig = path.join(work, 'npmrc');
  // The user's own npm configuration (credentials for their registry) unless a token is given.
  const own = execFileSync('npm', ['config', 'get', 'userconfig'], { encoding: 'utf8' }).trim();
  const base = fs.existsSync(own) ? fs.readFileSync(own, 'utf8') : '';
  fs.writeFileSync(userconfig, `${base}\nregistry=${registry}\n${options.token ? `${authKey(registry)}=${options.token}\n` : ''}`, { mode: 0o600 });
  const results: Published[] = [];
  try {
    for (const pkg of sharedPackages()) {
      const packed = pack(pkg, work);
      const there = npm(['view', `${pkg.name}@${pkg.version}`, 'dist.shasum', '--registry', registry], { userconfig });
      const shasum = there.stdout.trim();
      if (there.status === 0 && shasum) {
        if (shasum !== packed.shasum) {
          throw new Error(
            `${pkg.name}@${pkg.version} is on ${registry} with other files (${shasum}, here ${packed.shasum}): a published version never changes — describe the change with npx changeset, then npm run packages:version`,
          );
        }
        results.push({ name: pkg.name, version: pkg.version, outcome: 'already there' });
        log(`  ${pkg.name}@${pkg.version}: already there`);
        continue;
      }
      if (there.status !== 0 && !/E404|is not in this registry|404 Not Found/.test(there.stderr)) {
        throw new Error(`${registry} could not be asked for ${pkg.name}@${pkg.version}:\n${there.stderr}`);
      }
      const published = npm(['publish', packed.file, '--registry', registry, '--access', 'restricted', '--tag', 'latest'], { userconfig });
      if (published.status !== 0) throw new Error(`npm publish of ${pkg.name}@${pkg.version} to ${registry} failed:\n${published.stderr}${published.stdout}`);
      results.push({ name: pkg.name, version: pkg.version, outcome: 'published' });
      log(`  ${pkg.name}@${pkg.version}: published`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return results;
}
