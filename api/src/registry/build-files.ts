import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { ArchiveError } from './build-archive';

/** build-info.json, written by shared/mfe-build beside each remote's manifest. */
export interface BuildInfo {
  remote: string;
  container: string;
  version: string;
  variant: string | null;
  contracts: string;
  /** The server build's file, relative to the build's folder (docs/rendering.md). */
  ssr?: string;
  builtAt?: string;
  /** Each name the build imports from the contracts singleton → the minor that added it (null: unknown to its contracts). */
  contractsUses?: Record<string, string | null>;
  /** Each shared singleton: the version it was built with and the range it declares. */
  shared?: Record<string, { version: string; requiredVersion: string }>;
}

/** One file of a published build; its bytes are the blob of that hash. */
export interface BuildFile {
  path: string;
  /** SHA-256 (hex) of the file's bytes. */
  hash: string;
  size: number;
  /** Blobs of its precompressed twins (brotli, gzip), when it has them. */
  br?: string;
  gz?: string;
}

/** A build as it arrived: its files hashed, its identity worked out, nothing stored yet. */
export interface BuildCandidate {
  info: BuildInfo;
  /** The A/B variant, or 'default'. */
  variant: string;
  /** SHA-256 of the file list: the build's id (the same bytes always give the same id). */
  hash: string;
  files: BuildFile[];
  blobs: Map<string, Buffer>;
  /** sha384-… of remoteEntry.js, for the page's `integrity` attribute. */
  entryIntegrity: string;
  entryPath: string;
  ssrIntegrity: string | null;
  /** Precompressed twins that do not unpack to their file: the gate refuses the build. */
  badTwins: string[];
}

export const DEFAULT_VARIANT = 'default';
const SEMVER = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;
const ID = /^[a-z][a-z0-9]{0,15}$/;
const CONTAINER = /^[A-Za-z_]\w{0,63}$/;
/** Files a browser downloads that are worth compressing (the build precompresses the same ones). */
const COMPRESSIBLE = /\.(?:js|css|svg|json|html|txt)$/;

export const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
export const sriOf = (algorithm: 'sha256' | 'sha384', bytes: Buffer) => `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;

/** The build's id: the same list of (path, bytes) always gives the same id, any other list another. */
export function buildHashOf(files: { path: string; hash: string }[]): string {
  return sha256Hex(
    [...files]
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .map((file) => `${file.path} ${file.hash}\n`)
      .join(''),
  );
}

export function parseBuildInfo(bytes: Buffer | undefined): BuildInfo {
  if (!bytes) throw new ArchiveError('not a remote build: build-info.json is missing (shared/mfe-build writes it; archive the build folder itself)');
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new ArchiveError('build-info.json is not JSON');
  }
  const text = (name: string, pattern: RegExp, optional = false) => {
    const value = raw[name];
    if ((value === undefined || value === null) && optional) return undefined;
    if (typeof value !== 'string' || !pattern.test(value))
      throw new ArchiveError(`build-info.json: ${name} is missing or malformed (${JSON.stringify(value)})`);
    return value;
  };
  const info: BuildInfo = {
    remote: text('remote', ID)!,
    container: text('container', CONTAINER)!,
    version: text('version', SEMVER)!,
    variant: text('variant', ID, true) ?? null,
    contracts: text('contracts', SEMVER)!,
  };
  if (info.version.length > 64) throw new ArchiveError('build-info.json: version is longer than 64 characters');
  const ssr = text('ssr', /^[\w./@+~-]{1,200}$/, true);
  if (ssr) info.ssr = ssr;
  const builtAt = text('builtAt', /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/, true);
  if (builtAt) info.builtAt = builtAt;
  const uses = compatibilityField(raw, 'contractsUses', (value) => value === null || (typeof value === 'string' && MINOR.test(value)));
  if (uses) info.contractsUses = uses as Record<string, string | null>;
  const shared = compatibilityField(
    raw,
    'shared',
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Record<string, unknown>).version === 'string' &&
      typeof (value as Record<string, unknown>).requiredVersion === 'string' &&
      String((value as Record<string, unknown>).requiredVersion).length <= 100,
  );
  if (shared) info.shared = shared as Record<string, { version: string; requiredVersion: string }>;
  return info;
}

const MINOR = /^\d+\.\d+$/;
const EXPORT_NAME = /^(?:[$A-Za-z_][\w$]{0,99}|\*)$|^@?[\w.-]+(?:\/[\w.-]+)?$/;

/** An optional map in build-info.json (what the build needs of the page): names and values checked, at most 500 entries. */
function compatibilityField(raw: Record<string, unknown>, name: string, valid: (value: unknown) => boolean): Record<string, unknown> | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : null;
  if (!entries || entries.length > 500 || !entries.every(([key, entry]) => EXPORT_NAME.test(key) && valid(entry)))
    throw new ArchiveError(`build-info.json: ${name} is malformed`);
  return Object.fromEntries(entries);
}

function unpacks(twin: Buffer, kind: 'br' | 'gz', raw: Buffer): boolean {
  try {
    const opened =
      kind === 'br' ? zlib.brotliDecompressSync(twin, { maxOutputLength: raw.length + 1 }) : zlib.gunzipSync(twin, { maxOutputLength: raw.length + 1 });
    return opened.equals(raw);
  } catch {
    return false;
  }
}

/**
 * Hashes an archive's files into a candidate build. Precompressed twins (`x.js.br`, `x.js.gz`)
 * are kept beside their file when they unpack to exactly its bytes; a compressible file without
 * them gets them made here (once per build, not per request).
 */
export function buildCandidateOf(archive: Map<string, Buffer>): BuildCandidate {
  const info = parseBuildInfo(archive.get('build-info.json'));
  const blobs = new Map<string, Buffer>();
  const store = (bytes: Buffer) => {
    const hash = sha256Hex(bytes);
    blobs.set(hash, bytes);
    return hash;
  };
  const isTwin = (path: string) => /\.(?:br|gz)$/.test(path) && archive.has(path.slice(0, -3));
  const files: BuildFile[] = [];
  const badTwins: string[] = [];
  for (const [path, bytes] of [...archive].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (isTwin(path)) continue;
    const file: BuildFile = { path, hash: store(bytes), size: bytes.length };
    for (const kind of ['br', 'gz'] as const) {
      const twin = archive.get(`${path}.${kind}`);
      if (twin && !unpacks(twin, kind, bytes)) badTwins.push(`${path}.${kind}`);
      else if (twin) file[kind] = store(twin);
      else if (COMPRESSIBLE.test(path) && !path.startsWith('server/') && bytes.length > 1024) {
        file[kind] = store(
          kind === 'br'
            ? zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
            : zlib.gzipSync(bytes, { level: 9 }),
        );
      }
    }
    files.push(file);
  }
  const entryPath = entryPathOf(archive);
  const entry = archive.get(entryPath);
  const ssr = info.ssr ? archive.get(info.ssr) : undefined;
  return {
    info,
    variant: info.variant ?? DEFAULT_VARIANT,
    hash: buildHashOf(files),
    files,
    blobs,
    entryIntegrity: entry ? sriOf('sha384', entry) : '',
    entryPath,
    ssrIntegrity: ssr ? sriOf('sha256', ssr) : null,
    badTwins,
  };
}

/** Where the manifest says the entry is (`remoteEntry.js` beside it by default). */
export function entryPathOf(archive: Map<string, Buffer>): string {
  try {
    const manifest = JSON.parse(archive.get('mf-manifest.json')?.toString('utf8') ?? '') as ManifestJson;
    const entry = manifest.metaData?.remoteEntry;
    const folder = entry?.path ? `${entry.path.replace(/^\/+|\/+$/g, '')}/` : '';
    return `${folder}${entry?.name ?? 'remoteEntry.js'}`;
  } catch {
    return 'remoteEntry.js';
  }
}

/** The parts of Module Federation's mf-manifest.json the registry reads. */
export interface ManifestJson {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path: string; assets?: ManifestAssets }[];
  shared?: { name: string; assets?: ManifestAssets }[];
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** Every file the manifest names (entries' and shared modules' scripts and stylesheets). */
export function manifestFiles(manifest: ManifestJson): string[] {
  const named = new Set<string>();
  for (const item of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const list of [item.assets?.js?.sync, item.assets?.js?.async, item.assets?.css?.sync, item.assets?.css?.async]) {
      for (const file of list ?? []) named.add(file);
    }
  }
  return [...named];
}
