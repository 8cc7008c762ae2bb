import { createHash } from 'node:crypto';
import { once } from 'node:events';
import zlib from 'node:zlib';

/** A generated file as it is stored: its text gzip- and Brotli-compressed, its SHA-256 and size. */
export interface PackedFile {
  gzip: Buffer;
  br: Buffer;
  /** SHA-256 (hex) of the text: the file's identity (its ETag), whatever its compression. */
  sha256: string;
  /** Bytes of the text (UTF-8). */
  size: number;
}

/** Text is handed to the compressors in pieces of about this many characters (fewer, larger steps through zlib's thread pool). */
const PIECE_CHARS = 64 * 1024;
/** Brotli at quality 5: about gzip's speed, smaller files; the shell's pages use the same (shell/server/page-server.ts). */
const BROTLI_QUALITY = 5;

/**
 * Compresses a file's text as it is written (docs/seo.md, "How the files are kept fresh"): each
 * piece goes to gzip and Brotli at once — compressed in zlib's threads, not on the event loop —
 * and into the hash, so a file of 100,000 products is never one string in memory; `write`
 * waits while a compressor is behind. Only the compressed bytes are kept.
 */
export class FilePacker {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly br = zlib.createBrotliCompress({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  });
  private readonly hash = createHash('sha256');
  private readonly gzipParts: Buffer[] = [];
  private readonly brParts: Buffer[] = [];
  private pending: string[] = [];
  private pendingChars = 0;
  private size = 0;
  private failure: Error | null = null;

  constructor() {
    this.gzip.on('data', (part: Buffer) => this.gzipParts.push(part));
    this.br.on('data', (part: Buffer) => this.brParts.push(part));
    const failed = (error: Error) => {
      this.failure ??= error;
    };
    this.gzip.on('error', failed);
    this.br.on('error', failed);
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
    this.gzip.end();
    this.br.end();
    await Promise.all([once(this.gzip, 'end'), once(this.br, 'end')]);
    if (this.failure) throw this.failure;
    return { gzip: Buffer.concat(this.gzipParts), br: Buffer.concat(this.brParts), sha256: this.hash.digest('hex'), size: this.size };
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.pending.length === 0) return;
    const bytes = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    this.hash.update(bytes);
    this.size += bytes.length;
    const gzipReady = this.gzip.write(bytes);
    const brReady = this.br.write(bytes);
    await Promise.all([gzipReady ? null : once(this.gzip, 'drain'), brReady ? null : once(this.br, 'drain')]);
  }
}

/** A whole text packed (small files: the sitemap index). */
export async function packText(chunks: Iterable<string>): Promise<PackedFile> {
  const packer = new FilePacker();
  await packer.writeAll(chunks);
  return packer.finish();
}
