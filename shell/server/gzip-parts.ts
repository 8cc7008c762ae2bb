import zlib from 'node:zlib';
import { utf8Of, type PagePart } from './html';

/**
 * A page's parts as one gzip answer, compressing only what is new (issue #54, "page bytes without
 * copies"): a part many pages share — the shell's frame, its CSS, a region render the render
 * cache holds — is an encoded Buffer whose deflated bytes are kept beside it (`memo`, keyed by
 * that Buffer); the text the page server writes around them is kept deflated by its content
 * (`DeflatedTexts`) once it has been seen twice, cut around what only this response carries (its
 * nonce, its page-view token: `perRequest`), which goes as stored (uncompressed) blocks. Brotli
 * q5 of a ~100 KB product page cost ~1.8 ms of the page server's one thread per request, and
 * deflating its ~15 KB of texts per request ~0.3 ms (a third of a gzipped page's cost).
 *
 * How the pieces make one valid gzip member (RFC 1951/1952): each piece is raw deflate ended by
 * a sync flush, or a stored block — neither final, each ending on a byte boundary with no
 * reference to anything before it — so pieces can follow one another in any order; then an
 * empty final block, and the CRC-32 and length of the whole text (`zlib.crc32` continues a CRC
 * part by part). What a browser inflates is exactly `utf8Of(parts)`.
 */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]); // gzip, deflate, no name/time, Unix
/** BFINAL=1, fixed Huffman, end of block: the empty last block. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/** A shared Buffer this small is deflated with the request's text rather than kept deflated on its own (a piece costs ~5 bytes and its own dictionary). */
const KEEP_MIN_BYTES = 1024;
/** A text this short is sent stored: deflating it saves less than a zlib stream costs to start (~6 µs). */
const STORE_MAX_CHARS = 128;

const deflatePiece = (bytes: Buffer) => zlib.deflateRawSync(bytes, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });

/** `bytes` as stored blocks (BFINAL=0, BTYPE=00, byte-aligned: LEN, NLEN, the bytes), at most 65,535 bytes each. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const chunk = bytes.subarray(at, at + 0xffff);
    const head = Buffer.alloc(5);
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

export type DeflatedParts = WeakMap<Buffer, Buffer>;

/** A text's UTF-8 bytes and their deflated piece. */
interface KeptText {
  bytes: Buffer;
  deflated: Buffer;
}

/**
 * The page server's texts kept deflated, by content: a text is kept the second time it is seen
 * (a text seen once — a shopper's own — never takes the place of one many pages carry), the
 * oldest dropped past `maxBytes`. Exact: a text is found only by the same text.
 */
export class DeflatedTexts {
  private readonly kept = new Map<string, KeptText>();
  private readonly seenOnce = new Set<string>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 16 * 1024 * 1024,
    private readonly maxSeenOnce = 4096,
  ) {}

  get size() {
    return this.kept.size;
  }

  of(text: string): KeptText {
    const kept = this.kept.get(text);
    if (kept) return kept;
    const bytes = Buffer.from(text, 'utf8');
    const made = { bytes, deflated: deflatePiece(bytes) };
    if (this.seenOnce.delete(text)) this.keep(text, made);
    else {
      if (this.seenOnce.size >= this.maxSeenOnce) this.seenOnce.clear();
      this.seenOnce.add(text);
    }
    return made;
  }

  private keep(text: string, made: KeptText) {
    this.kept.set(text, made);
    this.bytes += costOf(text, made);
    for (const [oldest, value] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= costOf(oldest, value);
    }
  }
}

const costOf = (text: string, kept: KeptText) => text.length * 2 + kept.bytes.length + kept.deflated.length;

/** A small shared Buffer's text (they are encoded text: html.ts `encodedFor`), or null when its bytes are not UTF-8 text's. */
const textOfBuffer = new WeakMap<Buffer, string | null>();
function textOf(buffer: Buffer): string | null {
  let text = textOfBuffer.get(buffer);
  if (text === undefined) {
    const decoded = buffer.toString('utf8');
    text = Buffer.byteLength(decoded) === buffer.length && Buffer.from(decoded, 'utf8').equals(buffer) ? decoded : null;
    textOfBuffer.set(buffer, text);
  }
  return text;
}

/** A run's parts as one text (small Buffers by their text), or null if one is not text. */
function textOfRun(run: readonly PagePart[]): string | null {
  let text = '';
  for (const part of run) {
    const partText = typeof part === 'string' ? part : textOf(part);
    if (partText === null) return null;
    text += partText;
  }
  return text;
}

/** `text` cut around each occurrence of the `perRequest` values: [segment, isPerRequest][]. */
function cutAround(text: string, perRequest: readonly string[]): [string, boolean][] {
  const cuts: [number, number][] = [];
  for (const value of perRequest) {
    if (value === '') continue;
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length)) cuts.push([at, at + value.length]);
  }
  if (cuts.length === 0) return [[text, false]];
  cuts.sort((a, b) => a[0] - b[0]);
  const segments: [string, boolean][] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    if (start < from) continue; // overlapping another value: already cut out
    if (start > from) segments.push([text.slice(from, start), false]);
    segments.push([text.slice(start, end), true]);
    from = end;
  }
  if (from < text.length) segments.push([text.slice(from), false]);
  return segments;
}

/**
 * A page's parts as the pieces of one gzip answer, in order: written as they are
 * (send-parts.ts), never concatenated. `perRequest`: the texts only this response carries.
 */
export function gzipPieces(parts: readonly PagePart[], memo: DeflatedParts, texts: DeflatedTexts, perRequest: readonly string[] = []): Buffer[] {
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  const add = (bytes: Buffer) => {
    crc = zlib.crc32(bytes, crc);
    length += bytes.length;
  };
  /** The run of text (strings, small Buffers) since the last shared part. */
  let run: PagePart[] = [];
  const flushRun = () => {
    if (run.length === 0) return;
    const text = textOfRun(run);
    if (text !== null) {
      for (const [segment, own] of cutAround(text, perRequest)) {
        if (own || segment.length <= STORE_MAX_CHARS) {
          const bytes = Buffer.from(segment, 'utf8');
          add(bytes);
          pieces.push(...storedBlocks(bytes));
        } else {
          const kept = texts.of(segment);
          add(kept.bytes);
          pieces.push(kept.deflated);
        }
      }
    } else {
      // A small Buffer that is not UTF-8 text among the texts (none of the page server's): the run deflated as it is.
      const bytes = utf8Of(run);
      add(bytes);
      pieces.push(deflatePiece(bytes));
    }
    run = [];
  };
  for (const part of parts) {
    if (part.length === 0) continue;
    if (typeof part === 'string' || part.length < KEEP_MIN_BYTES) {
      run.push(part);
      continue;
    }
    flushRun();
    add(part);
    let deflated = memo.get(part);
    if (deflated === undefined) {
      deflated = deflatePiece(part);
      memo.set(part, deflated);
    }
    pieces.push(deflated);
  }
  flushRun();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(LAST_BLOCK, trailer);
  return pieces;
}
