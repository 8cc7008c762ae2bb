import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The repository's root: scripts/packages/ is two levels below it. */
export const ROOT = path.resolve(__dirname, '../..');

export interface SharedPackage {
  /** `@kaloryfer/ui` */
  name: string;
  version: string;
  /** Absolute folder: shared/ui */
  dir: string;
  /** The @kaloryfer packages it needs to be built and installed (dependencies and peers). */
  internal: string[];
  /** Built before it is packed (a `build:package` script); mfe-build ships its source as is. */
  built: boolean;
}

interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/**
 * The publishable packages under shared/ (docs/releasing.md, "Shared packages"), dependencies
 * first: each is built against its dependencies' published declarations, so the order matters.
 */
export function sharedPackages(root = ROOT): SharedPackage[] {
  const sharedDir = path.join(root, 'shared');
  const found = fs
    .readdirSync(sharedDir)
    .map((name) => path.join(sharedDir, name))
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')))
    .map((dir) => {
      const pkg = readJson<PackageJson>(path.join(dir, 'package.json'));
      const internal = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).filter((dep) => dep.startsWith('@kaloryfer/'));
      return { pkg, package: { name: pkg.name, version: pkg.version, dir, internal, built: Boolean(pkg.scripts?.['build:package']) } };
    })
    .filter(({ pkg }) => !pkg.private)
    .map((entry) => entry.package);
  const byName = new Map(found.map((pkg) => [pkg.name, pkg]));
  const ordered: SharedPackage[] = [];
  const visiting = new Set<string>();
  const visit = (pkg: SharedPackage) => {
    if (ordered.includes(pkg)) return;
    if (visiting.has(pkg.name)) throw new Error(`shared packages depend on each other in a circle through ${pkg.name}`);
    visiting.add(pkg.name);
    for (const dep of pkg.internal) {
      const needed = byName.get(dep);
      if (!needed) throw new Error(`${pkg.name} needs ${dep}, which is no publishable package under shared/`);
      visit(needed);
    }
    ordered.push(pkg);
  };
  [...found].sort((a, b) => a.name.localeCompare(b.name)).forEach(visit);
  return ordered;
}

/** Files of a package that decide what it publishes: everything but tests, builds and notes. */
function sourceFiles(dir: string, relative = ''): string[] {
  return fs
    .readdirSync(path.join(dir, relative), { withFileTypes: true })
    .flatMap((entry) => {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(dir, file);
      if (/\.test\.tsx?$/.test(entry.name) || /^(CHANGELOG\.md|jest\.config\.cjs)$/.test(file)) return [];
      return [file];
    })
    .sort();
}

/**
 * A fingerprint of what a package would publish, version aside: its source files and its
 * package.json without the version (which `packages:version` changes). Two checkouts with the
 * same fingerprint publish the same package.
 */
export function sourceHash(pkg: SharedPackage): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles(pkg.dir)) {
    let bytes = fs.readFileSync(path.join(pkg.dir, file));
    if (file === 'package.json') {
      const { version: _version, ...rest } = JSON.parse(bytes.toString('utf8')) as PackageJson;
      bytes = Buffer.from(JSON.stringify(rest));
    }
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return `sha256-${hash.digest('base64')}`;
}

/** shared/versions.json: each package's version as `packages:version` last left it, and its fingerprint then. */
export const VERSIONS_FILE = path.join(ROOT, 'shared', 'versions.json');
export type VersionRecord = Record<string, { version: string; source: string }>;

export const readVersionRecord = (file = VERSIONS_FILE): VersionRecord => (fs.existsSync(file) ? readJson<VersionRecord>(file) : {});

export function writeVersionRecord(packages: SharedPackage[], file = VERSIONS_FILE): void {
  const record = Object.fromEntries(packages.map((pkg) => [pkg.name, { version: pkg.version, source: sourceHash(pkg) }]));
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}

export type Bump = 'patch' | 'minor' | 'major';

/** The pending changesets (.changeset/*.md): for each package, the largest bump they ask for. */
export function pendingBumps(root = ROOT): Map<string, Bump> {
  const dir = path.join(root, '.changeset');
  const order: Bump[] = ['patch', 'minor', 'major'];
  const bumps = new Map<string, Bump>();
  if (!fs.existsSync(dir)) return bumps;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(fs.readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? '';
    for (const [, name, bump] of front.matchAll(/^\s*["']?(@kaloryfer\/[\w-]+)["']?\s*:\s*(patch|minor|major)\s*$/gm)) {
      const current = bumps.get(name);
      if (!current || order.indexOf(bump as Bump) > order.indexOf(current)) bumps.set(name, bump as Bump);
    }
  }
  return bumps;
}
