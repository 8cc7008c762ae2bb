import fs from 'node:fs';
import path from 'node:path';
import { readRegistry, switchRemote, type RemoteEntry, type VariantEntry } from './registry-file';

/** build-info.json, written by shared/mfe-build next to each remote's manifest. */
export interface BuildInfo {
  remote: string;
  container: string;
  version: string;
  variant: string | null;
  contracts: string;
  /** The server build's file, relative to the build's folder (docs/rendering.md). */
  ssr?: string;
  builtAt: string;
}

export function readBuildInfo(distDir: string): BuildInfo {
  const file = path.join(distDir, 'build-info.json');
  if (!fs.existsSync(file)) throw new Error(`no build in ${distDir} (build-info.json missing): build the remote first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildInfo;
}

export function cdnDir(varDir: string, remote: string): string {
  return path.join(varDir, 'cdn', remote);
}

/** `1.2.0` or `1.2.0-b`: the folder a build is published under. */
export function releaseFolder(info: BuildInfo): string {
  return info.variant ? `${info.version}-${info.variant}` : info.version;
}

const DEFAULT_VARIANT_WEIGHT = 50;

/**
 * Copies one build to `<var>/cdn/<remote>/<version>[-<variant>]/` and switches the registry
 * to it. Other variants of the remote keep their entries and weights.
 */
export function publishBuild(options: { varDir: string; distDir: string; origin: string; weight?: number }): RemoteEntry {
  const info = readBuildInfo(options.distDir);
  const folder = releaseFolder(info);
  const target = path.join(cdnDir(options.varDir, info.remote), folder);
  const staging = `${target}.staging-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(options.distDir, staging, { recursive: true });
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);

  const build = {
    name: info.container,
    entry: `${options.origin}/${folder}/mf-manifest.json`,
    version: info.version,
    contracts: info.contracts,
    // The browser and the server build live in one folder: one switch of the registry moves both.
    ...(info.ssr ? { ssr: `${options.origin}/${folder}/${info.ssr}` } : {}),
    publishedAt: new Date().toISOString(),
  };
  const current = readRegistry(options.varDir).remotes[info.remote];
  let next: RemoteEntry;
  if (info.variant) {
    const variants: Record<string, VariantEntry> = current && 'variants' in current ? { ...current.variants } : {};
    const weight = options.weight ?? variants[info.variant]?.weight ?? DEFAULT_VARIANT_WEIGHT;
    variants[info.variant] = { ...build, weight };
    const control = current && 'variants' in current ? current.control : info.variant;
    next = { control, variants };
  } else {
    next = build;
  }
  switchRemote(options.varDir, info.remote, next);
  return next;
}

/** The dist folders of a remote's builds: one, or one per variant (checkout: a and b). */
export function distFoldersOf(remoteDir: string): string[] {
  const dist = path.join(remoteDir, 'dist');
  if (fs.existsSync(path.join(dist, 'build-info.json'))) return [dist];
  if (!fs.existsSync(dist)) return [];
  return fs
    .readdirSync(dist)
    .map((name) => path.join(dist, name))
    .filter((folder) => fs.existsSync(path.join(folder, 'build-info.json')))
    .sort();
}
