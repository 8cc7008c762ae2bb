import zlib from 'node:zlib';
import { buildHashOf, sha256Hex, type BuildFile } from './build-files';
import type { RegistryStore, StoredBuild } from './registry-store';

/** Builds kept in memory (their file lists); blobs kept up to this many bytes, least recently used first out. */
const BUILDS_KEPT = 64;
const BLOB_BYTES_KEPT = 96 * 1024 * 1024;

/**
 * The periodic sample (docs/releasing.md, "Files served are the files published"): every minute
 * each instance reads again from the database the files it has held longest since they were last
 * checked — at most 16 of them and 4 MiB (always at least one) — and the 2 builds' file lists
 * likewise, and compares them with their hashes. Least recently checked first, not at random:
 * every file in memory is re-checked within a bound (a few hundred files held, the usual count:
 * within half an hour; a full 96 MiB: within 24 minutes), not "probably, some day". Its cost is a
 * few indexed reads and at most 4 MiB hashed a minute per instance (about 10 ms of a core),
 * nothing on a request's path. A file the database lost in the meantime is let go quietly (the
 * next request answers what the database says).
 */
export const SAMPLE_EVERY_MS = 60_000;
const SAMPLE_FILES = 16;
const SAMPLE_BYTES = 4 * 1024 * 1024;
const SAMPLE_BUILDS = 2;
/** A file or build found not to match is answered 503 from memory this long, then read (and checked) again. */
const REFUSED_MS = SAMPLE_EVERY_MS;

/** A stored file, or a build's file list, whose bytes are not those it was published with. */
export interface FileMismatch {
  remote: string;
  /** The build's hash. */
  build: string;
  /** The file's path in the build (`x.js.br`: its brotli twin); `(file list)`: the build's list of files. */
  path: string;
  /** What was compared: the bytes' SHA-256, the SHA-256 of what a twin unpacks to, or the build hash of the file list. */
  check: 'sha256' | 'unpacked sha256' | 'build hash';
  /** The hash it was published with, and the one the stored bytes have now (`does not unpack`: a twin that does not). */
  expected: string;
  actual: string;
}

export type Encoding = 'br' | 'gzip' | null;

/** A build as this instance serves its files: its file list by path (checked against the build hash). */
export interface ServedBuild {
  build: StoredBuild;
  files: Map<string, BuildFile>;
}

/** Where a blob in memory came from: the first build and path it was loaded for, and what it must hash (and unpack) to. */
interface BlobSource {
  key: string;
  hash: string;
  remote: string;
  build: string;
  path: string;
  /** A precompressed twin: its file's hash and size, which its bytes must unpack to. */
  twinOf?: { kind: 'br' | 'gz'; hash: string; size: number };
}

interface Held<V> {
  value: V;
  /** When it was last compared with its hash (a sequence number: the sample takes the smallest first). */
  checked: number;
}

/** A map that forgets its least recently used entries beyond a budget. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  private used = 0;
  constructor(
    private readonly budget: number,
    private readonly cost: (value: V) => number = () => 1,
  ) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }
  set(key: string, value: V): void {
    if (this.map.has(key)) return;
    this.map.set(key, value);
    this.used += this.cost(value);
    for (const [oldest, old] of this.map) {
      if (this.used <= this.budget || this.map.size === 1) break;
      this.map.delete(oldest);
      this.used -= this.cost(old);
    }
  }
  delete(key: string): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.used -= this.cost(value);
  }
  /** Every entry, without making any more recently used. */
  entries(): [string, V][] {
    return [...this.map];
  }
}

/**
 * The builds' files as this instance serves them (`/mfe/…`, build-file-routes.ts): read from the
 * database into memory, and served only while they are the bytes they were published with. Every
 * blob is stored under the SHA-256 of its bytes (`mfe_blob.hash`, migration 0014) and every
 * build under the SHA-256 of its file list (`buildHashOf`), so the published hash of each is at
 * hand: a file list is checked against its build hash, a file's bytes against their blob hash
 * and a precompressed twin against both its own hash and its file's (what it unpacks to) — when
 * they are read into memory, and again on the periodic sample (`sample()`, above). A mismatch is
 * read once more (a read that crossed a repair), then refused: the file (or every file of the
 * build) is answered 503 for a minute and then checked afresh, and `mismatch` is told (the
 * registry logs it and counts it in /metrics). The database is what every instance serves from:
 * an instance that still holds the published bytes stops serving them too, so that no two
 * instances answer the same URL differently and the fault is seen and mended, not masked until
 * a restart.
 */
export class BuildFileCache {
  private readonly builds = new Lru<Held<ServedBuild>>(BUILDS_KEPT);
  private readonly blobs = new Lru<Held<{ bytes: Buffer; source: BlobSource }>>(BLOB_BYTES_KEPT, (held) => held.value.bytes.length);
  /** Keys (a build's `remote/id`, a blob's key) found not to match → until when (ms) they are answered 503 without a read. */
  private readonly refused = new Map<string, number>();
  private checks = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: RegistryStore,
    private readonly options: { mismatch?: (mismatch: FileMismatch) => void; log?: (message: string) => void } = {},
  ) {}

  /** A build by its URL id, its file list checked: null when there is none, `mismatch` when its stored list is not the one published. */
  async build(remote: string, id: string): Promise<ServedBuild | 'mismatch' | null> {
    const key = `${remote}/${id}`;
    if (this.isRefused(key)) return 'mismatch';
    const held = this.builds.get(key);
    if (held) return held.value;
    const loaded = await this.loadBuild(remote, id);
    if (isMismatch(loaded)) return 'mismatch';
    // An unknown id may be published a moment later: only known builds are remembered.
    if (loaded) this.builds.set(key, { value: loaded, checked: ++this.checks });
    return loaded;
  }

  /** A file's bytes (or its twin's for `encoding`), checked: null when the database lacks them, `mismatch` when they are not the published ones. */
  async bytes(served: ServedBuild, file: BuildFile, encoding: Encoding): Promise<Buffer | 'mismatch' | null> {
    const source = sourceOf(served.build, file, encoding);
    if (this.isRefused(source.key)) return 'mismatch';
    const held = this.blobs.get(source.key);
    if (held) return held.value.bytes;
    const loaded = await this.loadBlob(source);
    if (isMismatch(loaded)) return 'mismatch';
    if (loaded) this.blobs.set(source.key, { value: { bytes: loaded, source }, checked: ++this.checks });
    return loaded;
  }

  /**
   * One round of the periodic sample (above): the builds and files held longest since their last
   * check are read again from the database and compared; what no longer matches leaves memory and
   * is refused. Answers how many were checked and what was found (tests call it rather than wait).
   */
  async sample(): Promise<{ checked: number; mismatches: FileMismatch[] }> {
    const now = Date.now();
    for (const [key, until] of this.refused) if (until <= now) this.refused.delete(key);
    const mismatches: FileMismatch[] = [];
    let checked = 0;
    for (const [key, held] of oldestFirst(this.builds.entries()).slice(0, SAMPLE_BUILDS)) {
      checked += 1;
      const loaded = await this.loadBuild(held.value.build.remote, key.slice(key.indexOf('/') + 1));
      this.builds.delete(key);
      if (isMismatch(loaded)) mismatches.push(loaded.mismatch);
      // The row as it is stored now (its twins may be named anew: each is checked as it is read).
      else if (loaded?.build.hash === held.value.build.hash) this.builds.set(key, { value: loaded, checked: ++this.checks });
    }
    let files = 0;
    let bytes = 0;
    for (const [key, held] of oldestFirst(this.blobs.entries())) {
      if (files === SAMPLE_FILES || (files > 0 && bytes + held.value.bytes.length > SAMPLE_BYTES)) break;
      files += 1;
      bytes += held.value.bytes.length;
      const loaded = await this.loadBlob(held.value.source);
      if (isMismatch(loaded)) mismatches.push(loaded.mismatch);
      if (Buffer.isBuffer(loaded)) held.checked = ++this.checks;
      else this.blobs.delete(key);
    }
    return { checked: checked + files, mismatches };
  }

  /** Samples every SAMPLE_EVERY_MS while the server runs. */
  start(intervalMs = SAMPLE_EVERY_MS): void {
    this.timer ??= setInterval(() => {
      this.running = this.sample().catch((error: Error) => this.options.log?.(`registry: could not check the files in memory (${error.message})`));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private isRefused(key: string): boolean {
    const until = this.refused.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.refused.delete(key);
    return false;
  }

  private refuse(key: string, mismatch: FileMismatch): Refused {
    this.refused.set(key, Date.now() + REFUSED_MS);
    this.options.mismatch?.(mismatch);
    return { mismatch };
  }

  /** Reads a build's row (once more if its file list does not give its hash). */
  private async loadBuild(remote: string, id: string): Promise<ServedBuild | Refused | null> {
    for (let attempt = 1; ; attempt += 1) {
      const build = await this.store.buildByPrefix(remote, id);
      if (!build) return null;
      const actual = buildHashOf(build.files);
      if (actual === build.hash) return { build, files: new Map(build.files.map((file) => [file.path, file])) };
      if (attempt === 2) {
        return this.refuse(`${remote}/${id}`, { remote, build: build.hash, path: '(file list)', check: 'build hash', expected: build.hash, actual });
      }
    }
  }

  /** Reads a blob (once more if it does not match). */
  private async loadBlob(source: BlobSource): Promise<Buffer | Refused | null> {
    for (let attempt = 1; ; attempt += 1) {
      const bytes = await this.store.blob(source.hash);
      if (!bytes) return null;
      const wrong = mismatchOf(bytes, source);
      if (!wrong) return bytes;
      if (attempt === 2) return this.refuse(source.key, { remote: source.remote, build: source.build, path: source.path, ...wrong });
    }
  }
}

interface Refused {
  mismatch: FileMismatch;
}

const isMismatch = (loaded: object | null): loaded is Refused => loaded !== null && 'mismatch' in loaded;

function sourceOf(build: StoredBuild, file: BuildFile, encoding: Encoding): BlobSource {
  const where = { remote: build.remote, build: build.hash };
  if (!encoding) return { ...where, key: file.hash, hash: file.hash, path: file.path };
  const kind = encoding === 'br' ? 'br' : 'gz';
  const hash = (kind === 'br' ? file.br : file.gz)!;
  // Keyed by what it must unpack to as well: a list that named another file's twin is not served that twin's bytes from memory.
  return { ...where, key: `${hash}>${file.hash}`, hash, path: `${file.path}.${kind}`, twinOf: { kind, hash: file.hash, size: file.size } };
}

function mismatchOf(bytes: Buffer, source: BlobSource): Pick<FileMismatch, 'check' | 'expected' | 'actual'> | null {
  const actual = sha256Hex(bytes);
  if (actual !== source.hash) return { check: 'sha256', expected: source.hash, actual };
  if (!source.twinOf) return null;
  const unpacked = unpackedHash(bytes, source.twinOf.kind, source.twinOf.size);
  return unpacked === source.twinOf.hash ? null : { check: 'unpacked sha256', expected: source.twinOf.hash, actual: unpacked ?? 'does not unpack' };
}

function unpackedHash(twin: Buffer, kind: 'br' | 'gz', size: number): string | null {
  try {
    const options = { maxOutputLength: size + 1 };
    return sha256Hex(kind === 'br' ? zlib.brotliDecompressSync(twin, options) : zlib.gunzipSync(twin, options));
  } catch {
    return null;
  }
}

const oldestFirst = <V>(entries: [string, Held<V>][]) => entries.sort(([, a], [, b]) => a.checked - b.checked);
