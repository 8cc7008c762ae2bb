import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import zlib from 'node:zlib';

export type StoredEncoding = 'gzip' | 'br';

/** A generated file as it is stored: its compressed bytes (in parts, kept by a PartSink under `blob`), its SHA-256 and sizes. */
export interface PackedFile {
  /** The version of the file's bytes: its parts' key in the sink. */
  blob: string;
  /** SHA-256 (hex) of the text: the file's identity (its ETag), whatever its compression. */
  sha256: string;
  /** Bytes of the text (UTF-8). */
  size: number;
  /** Bytes of its gzip and of its Brotli compression. */
  gzipSize: number;
  brSize: number;
}

/**
 * Where a file's compressed bytes go as the compressors make them (the database's
 * `seo_file_part`, seo-file-store.ts; memory in tests): a version's parts in order per encoding.
 */
export interface PartSink {
  /** A version is begun (before its first part). */
  begin(blob: string): Promise<void>;
  /** Keeps a part: `bytes` is the packer's to use again once this resolves (a sink that holds on to it copies it). */
  put(blob: string, encoding: StoredEncoding, seq: number, bytes: Buffer): Promise<void>;
}

/** Compressed bytes are handed to the sink in parts of this size (the last part of a file: what is left). */
export const PART_BYTES = 1024 * 1024;
/**
 * Text is handed to the compressors in pieces of about this many characters (fewer, larger steps
 * through zlib's thread pool), joined from the writers' chunks: with a chunk (xml-text.ts,
 * CHUNK_CHARS) a piece stays under V8's 128 KB for a young-generation string even in two-byte
 * (Polish) text, so it dies young.
 */
const PIECE_CHARS = 32 * 1024;
/**
 * The writer gives the event loop a turn at least this often. Its work is a long chain of awaits
 * that are mostly already settled (a compressor done with the piece before last, the database
 * with the last part): each continues at once, as a microtask, and a request that arrived
 * meanwhile — a shopper's page on this instance — waited behind all of it (bench:seo measured
 * single stalls of 240–350 ms at 100,000 products). Shared by every packer of the process.
 */
const YIELD_EVERY_MS = 10;
let lastTurn = performance.now();

/** Lets the event loop run what waits (I/O, timers) when the writer has kept it YIELD_EVERY_MS or longer. */
async function giveTurn(): Promise<void> {
  if (performance.now() - lastTurn < YIELD_EVERY_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
}

/** Room for a piece's bytes: PIECE_CHARS and a writer's chunk after them, 3 bytes a character at most. */
const PIECE_BUFFER_BYTES = 256 * 1024;
/** Brotli at quality 5: about gzip's speed, smaller files; the shell's pages use the same (shell/server/page-server.ts). */
const BROTLI_QUALITY = 5;

/**
 * One encoding's compressor and the part it is filling. The compressor's output (16 KB pieces)
 * is copied into the part at once, so the pieces die young; the part — which lives until it is
 * full, a second or more — is one of a few buffers used again once the sink has kept their
 * bytes: a new one per part (~75 per run at 100,000 products) was garbage V8 frees only at a
 * full collection.
 */
class PartWriter {
  private readonly free: Buffer[] = [];
  private part: Buffer = Buffer.allocUnsafeSlow(PART_BYTES);
  private filled = 0;
  private seq = 0;
  total = 0;

  constructor(
    readonly encoding: StoredEncoding,
    readonly stream: zlib.Gzip | zlib.BrotliCompress,
    private readonly emit: (encoding: StoredEncoding, seq: number, bytes: Buffer, kept: () => void) => void,
  ) {
    stream.on('data', (piece: Buffer) => {
      this.total += piece.length;
      for (let at = 0; at < piece.length;) {
        const copied = piece.copy(this.part, this.filled, at);
        this.filled += copied;
        at += copied;
        if (this.filled === PART_BYTES) this.cut();
      }
    });
  }

  /** The part so far goes to the sink (the last one at the end, whatever its size). */
  cut(): void {
    if (this.filled === 0 && this.seq > 0) return;
    const buffer = this.part;
    const part = this.filled === PART_BYTES ? buffer : buffer.subarray(0, this.filled);
    this.part = this.free.pop() ?? Buffer.allocUnsafeSlow(PART_BYTES);
    this.filled = 0;
    this.emit(this.encoding, this.seq, part, () => this.free.push(buffer));
    this.seq += 1;
  }
}

/**
 * Compresses a file's text as it is written (docs/seo.md, "How the files are kept fresh"): each
 * piece goes to gzip and Brotli at once — compressed in zlib's threads, not on the event loop —
 * and into the hash; the compressed bytes go to the sink a part at a time. So a file of 100,000
 * products is never one string, nor one buffer, in memory: `write` waits while a compressor or
 * the sink is behind.
 */
export class FilePacker {
  readonly blob = randomUUID();
  private readonly hash = createHash('sha256');
  private readonly writers: PartWriter[];
  private pending: string[] = [];
  private pendingChars = 0;
  /**
   * The text's bytes are encoded into these two buffers in turn, each used again once both
   * compressors are done with its previous piece: a run at 100,000 products turns ~1.2 GB of
   * text into bytes, and a new buffer per piece was garbage V8 frees only at a full collection
   * once a slow compressor kept it past two young ones. One piece compresses while the next is written.
   */
  private readonly buffers = [Buffer.allocUnsafeSlow(PIECE_BUFFER_BYTES), Buffer.allocUnsafeSlow(PIECE_BUFFER_BYTES)];
  private readonly compressing: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  private turn = 0;
  private size = 0;
  private failure: Error | null = null;
  /** The sink's writes, one after another (a version's parts reach it in order). */
  private sinking: Promise<void>;

  constructor(private readonly sink: PartSink) {
    this.sinking = sink.begin(this.blob);
    this.sinking.catch((error: Error) => (this.failure ??= error));
    const emit = (encoding: StoredEncoding, seq: number, bytes: Buffer, kept: () => void) => {
      this.sinking = this.sinking.then(() => this.sink.put(this.blob, encoding, seq, bytes)).then(kept);
      this.sinking.catch((error: Error) => (this.failure ??= error));
    };
    const gzip = zlib.createGzip({ level: 6 });
    const br = zlib.createBrotliCompress({
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    });
    this.writers = [new PartWriter('gzip', gzip, emit), new PartWriter('br', br, emit)];
    for (const { stream } of this.writers) stream.on('error', (error: Error) => (this.failure ??= error));
  }

  async write(text: string): Promise<void> {
    if (text === '') return;
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= PIECE_CHARS) await this.flush();
  }

  /** Writes every piece of `chunks` (a generator's output), in order. */
  async writeAll(chunks: Iterable<string>): Promise<void> {
    for (const chunk of chunks) await this.write(chunk);
  }

  async finish(): Promise<PackedFile> {
    await this.flush();
    for (const { stream } of this.writers) stream.end();
    await Promise.all(this.writers.map(({ stream }) => once(stream, 'end')));
    for (const writer of this.writers) writer.cut();
    await this.sinking.catch(() => {});
    if (this.failure) throw this.failure;
    const [gzip, br] = this.writers;
    return { blob: this.blob, sha256: this.hash.digest('hex'), size: this.size, gzipSize: gzip.total, brSize: br.total };
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    const turn = this.turn;
    this.turn = 1 - turn;
    await this.compressing[turn];
    if (this.failure) throw this.failure;
    const buffer = this.buffers[turn];
    // UTF-8 takes at most 3 bytes per UTF-16 unit; a piece that may not fit (one very long item) gets a buffer of its own.
    const bytes = text.length * 3 <= buffer.length ? buffer.subarray(0, buffer.write(text, 'utf8')) : Buffer.from(text, 'utf8');
    this.hash.update(bytes);
    this.size += bytes.length;
    const compressed = this.writers.map(
      ({ stream }) => new Promise<void>((resolve, reject) => stream.write(bytes, (error) => (error ? reject(error) : resolve()))),
    );
    this.compressing[turn] = Promise.all(compressed).then(
      () => {},
      (error: Error) => {
        this.failure ??= error;
      },
    );
    // The sink's writes so far too: parts never pile up in memory while the database is slower.
    await this.sinking.catch(() => {});
    await giveTurn();
  }
}

/** A whole text packed (small files: the sitemap index). */
export async function packText(chunks: Iterable<string>, sink: PartSink): Promise<PackedFile> {
  const packer = new FilePacker(sink);
  await packer.writeAll(chunks);
  return packer.finish();
}

/** Parts kept in memory: tests, and reading a small file back whole. */
export class MemoryParts implements PartSink {
  private readonly parts = new Map<string, Buffer[]>();

  async begin(): Promise<void> {}

  async put(blob: string, encoding: StoredEncoding, seq: number, bytes: Buffer): Promise<void> {
    const key = `${blob}:${encoding}`;
    const parts = this.parts.get(key) ?? [];
    if (seq !== parts.length) throw new Error(`part ${seq} of ${key} out of order (${parts.length} kept)`);
    parts.push(Buffer.from(bytes)); // a copy: the packer uses its buffer again
    this.parts.set(key, parts);
  }

  /** The sizes of a version's parts in one encoding, in order. */
  sizes(blob: string, encoding: StoredEncoding): number[] {
    return (this.parts.get(`${blob}:${encoding}`) ?? []).map((part) => part.length);
  }

  /** A version's bytes in one encoding. */
  bytes(blob: string, encoding: StoredEncoding): Buffer {
    return Buffer.concat(this.parts.get(`${blob}:${encoding}`) ?? []);
  }
}
