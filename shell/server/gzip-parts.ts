import zlib from 'node:zlib';
import type { PagePart } from './html';

/**
 * A page's parts as one gzip answer, compressing only what is new (issue #54, "page bytes without
 * copies"): a part many pages share — the shell's frame, its CSS, a region render the render
 * cache holds — is an encoded Buffer whose deflated bytes are kept beside it (`memo`, keyed by
 * that Buffer), and only the text this request made is deflated now. Brotli q5 of a ~100 KB
 * product page cost ~1.8 ms of the page server's one thread per request and more than halved
 * its throughput when browsers asked for compression.
 *
 * How the pieces make one valid gzip member (RFC 1951/1952): each piece is raw deflate ended by
 * a sync flush — its blocks are not final and it ends on a byte boundary with no reference to
 * anything before it — so pieces can follow one another in any order; then an empty final
 * block, and the CRC-32 and length of the whole text (`zlib.crc32` continues a CRC part by
 * part). What a browser inflates is exactly `utf8Of(parts)`.
 */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]); // gzip, deflate, no name/time, Unix
/** BFINAL=1, fixed Huffman, end of block: the empty last block. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/** A shared Buffer this small is deflated with the request's text rather than kept deflated on its own (a piece costs ~5 bytes and its own dictionary). */
const KEEP_MIN_BYTES = 1024;

const deflatePiece = (bytes: Buffer) => zlib.deflateRawSync(bytes, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });

export type DeflatedParts = WeakMap<Buffer, Buffer>;

/** A page's parts as the pieces of one gzip answer, in order: written as they are (parts-payload.ts), never concatenated. */
export function gzipPieces(parts: readonly PagePart[], memo: DeflatedParts): Buffer[] {
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  let fresh: Buffer[] = [];
  const flushFresh = () => {
    if (fresh.length === 0) return;
    pieces.push(deflatePiece(fresh.length === 1 ? fresh[0] : Buffer.concat(fresh)));
    fresh = [];
  };
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    if (bytes.length === 0) continue;
    crc = zlib.crc32(bytes, crc);
    length += bytes.length;
    if (typeof part === 'string' || bytes.length < KEEP_MIN_BYTES) {
      fresh.push(bytes);
      continue;
    }
    flushFresh();
    let deflated = memo.get(bytes);
    if (deflated === undefined) {
      deflated = deflatePiece(bytes);
      memo.set(bytes, deflated);
    }
    pieces.push(deflated);
  }
  flushFresh();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(LAST_BLOCK, trailer);
  return pieces;
}
