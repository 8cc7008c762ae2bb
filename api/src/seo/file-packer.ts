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
  put(blob: string, encoding: StoredEncoding, seq: number, bytes: Buffer): Promise<void>;
}

/** Compressed bytes are handed to the sink in parts of about this size. */
export const PART_BYTES = 1024 * 1024;
/** Text is handed to the compressors in pieces of about this many characters (fewer, larger steps through zlib's thread pool). */
const PIECE_CHARS = 64 * 1024;
/** Brotli at quality 5: about gzip's speed, smaller files; the shell's pages use the same (shell/server/page-server.ts). */
const BROTLI_QUALITY = 5;

/** One encoding's compressor and the part it is filling. */
class PartWriter {
  private parts: Buffer[] = [];
  private bytes = 0;
  private seq = 0;
  total = 0;

  constructor(
    readonly encoding: StoredEncoding,
    readonly stream: zlib.Gzip | zlib.BrotliCompress,
    private readonly emit: (encoding: StoredEncoding, seq: number, bytes: Buffer) => void,
  ) {
    stream.on('data', (piece: Buffer) => {
      this.parts.push(piece);
      this.bytes += piece.length;
      this.total += piece.length;
      if (this.bytes >= PART_BYTES) this.cut();
    });
  }

  /** The part so far goes to the sink (the last one at the end, whatever its size). */
  cut(): void {
    if (this.bytes === 0 && this.seq > 0) return;
    const part = Buffer.concat(this.parts);
    this.parts = [];
    this.bytes = 0;
    this.emit(this.encoding, this.seq, part);
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
  private size = 0;
  private failure: Error | null = null;
  /** The sink's writes, one after another (a version's parts reach it in order). */
  private sinking: Promise<void>;

  constructor(private readonly sink: PartSink) {
    this.sinking = sink.begin(this.blob);
    this.sinking.catch((error: Error) => (this.failure ??= error));
    const emit = (encoding: StoredEncoding, seq: number, bytes: Buffer) => {
      this.sinking = this.sinking.then(() => this.sink.put(this.blob, encoding, seq, bytes));
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
    const bytes = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    this.hash.update(bytes);
    this.size += bytes.length;
    const drained = this.writers.map(({ stream }) => (stream.write(bytes) ? null : once(stream, 'drain')));
    // The sink's writes so far too: parts never pile up in memory while the database is slower.
    await Promise.all([...drained, this.sinking.catch(() => {})]);
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
    parts.push(bytes);
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
