import fs from 'node:fs';
import v8 from 'node:v8';
import type { Product } from '@kaloryfer/api-contract';
import type { Watermark } from '../../db/change-log';
import type { CatalogState } from '../catalog';
import { productStringSharer } from '../catalog-data';

/**
 * A catalogue snapshot's file (docs/catalogue.md, "Starting from a snapshot"):
 *
 *   KALORYFER-CATALOG-SNAPSHOT\n
 *   {header as JSON}\n
 *   <state: v8.serialize of everything but the products — held tables, price history, source
 *    prices, the search index's columns and text — `stateBytes` long>
 *   <the priced products, one JSON document per line, `products` lines, in ASCII>
 *
 * The documents' letters past ASCII (ą, ł, ó…) are written as JSON escapes: read as Latin-1 —
 * a plain copy — JSON.parse takes one-byte text, 0.6 s less of a start at 100,000 products
 * than decoding UTF-8 first.
 *
 * The products are written a slice at a time (the event loop serves between slices): at 100,000
 * products they are ~640 MB of JSON, seconds of one core. Written to a file beside it and renamed
 * over it, so a reader sees a whole snapshot or the one before.
 */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = 'KALORYFER-CATALOG-SNAPSHOT';

export interface SnapshotHeader {
  format: number;
  /** The code that wrote it (code-fingerprint.ts): another build may price or index differently. */
  code: string;
  /** The database it was taken of (catalog_meta's `catalog_id`). */
  catalog: string;
  watermark: Watermark;
  pricedDay: string;
  products: number;
  stateBytes: number;
  writtenAt: string;
}

const NOT_ASCII = /[\u0080-\uffff]/g;
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Products stringified and written per step. */
const WRITE_SLICE = 200;
/** Bytes read per step of the products' lines. */
const READ_BLOCK = 32 * 2 ** 20;

/**
 * Writes the catalogue's state: everything but the products is serialized now (it shares the
 * catalogue's arrays: this must be the step `Catalog.state()` ran in); the products (replaced,
 * never changed, when the catalogue changes — but for their stock) a slice at a time after.
 * Answers the header written.
 */
export async function writeSnapshot(file: string, state: CatalogState, ids: { code: string; catalog: string }, now: Date): Promise<SnapshotHeader> {
  const { products, watermark, pricedDay, ...rest } = state;
  const serialized = v8.serialize(rest);
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    ...ids,
    watermark,
    pricedDay,
    products: products.length,
    stateBytes: serialized.length,
    writtenAt: now.toISOString(),
  };
  const partial = `${file}.${process.pid}.partial`;
  const handle = await fs.promises.open(partial, 'w');
  try {
    await handle.write(`${MAGIC}\n${JSON.stringify(header)}\n`);
    await handle.write(serialized);
    for (let at = 0; at < products.length; at += WRITE_SLICE) {
      let lines = '';
      for (const product of products.slice(at, at + WRITE_SLICE)) lines += `${JSON.stringify(product).replace(NOT_ASCII, escaped)}\n`;
      await handle.write(lines);
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(partial, file);
  return header;
}

/** The header of the snapshot in this file; null when there is none, or it is not a snapshot this code reads. */
export function readSnapshotHeader(file: string): SnapshotHeader | null {
  return reading(file, (fd) => readHeader(fd)?.header ?? null);
}

/** `read` with the file open; null when it cannot be opened (none yet). */
function reading<T>(file: string, read: (fd: number) => T | null): T | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    return read(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function readHeader(fd: number): { header: SnapshotHeader; length: number } | null {
  // A header is a few hundred bytes; PostgreSQL's in-progress transactions can make it longer.
  for (let size = 64 * 1024; size <= 16 * 2 ** 20; size *= 4) {
    const buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, 0);
    const first = buffer.indexOf(10);
    if (first < 0 || buffer.toString('utf8', 0, first) !== MAGIC) return null;
    const second = buffer.indexOf(10, first + 1);
    if (second >= 0 && second < read) {
      const header = parsedHeader(buffer.toString('utf8', first + 1, second));
      return header ? { header, length: second + 1 } : null;
    }
    if (read < size) return null;
  }
  return null;
}

/** A header this code reads: of this format, whole (a damaged one is no snapshot). */
function parsedHeader(text: string): SnapshotHeader | null {
  try {
    const header = JSON.parse(text) as SnapshotHeader;
    return header.format === SNAPSHOT_FORMAT && typeof header.stateBytes === 'number' && typeof header.watermark?.seq === 'number' ? header : null;
  } catch {
    return null;
  }
}

/**
 * The catalogue state in a snapshot file, with its header (null: no snapshot there). Reads in
 * one pass, synchronously (at start, before the instance listens): the state, then the product
 * lines a block at a time, the strings products repeat held once as each is parsed (as a load holds them).
 * Throws when the file is cut short or holds other than its header says.
 */
export function readSnapshot(file: string): { header: SnapshotHeader; state: CatalogState } | null {
  return reading(file, (fd) => {
    const start = readHeader(fd);
    if (!start) return null;
    const { header } = start;
    const serialized = Buffer.allocUnsafe(header.stateBytes);
    if (fs.readSync(fd, serialized, 0, header.stateBytes, start.length) !== header.stateBytes) throw new Error('the snapshot is cut short');
    const rest = v8.deserialize(serialized) as Omit<CatalogState, 'products' | 'watermark' | 'pricedDay'>;
    const products = readProducts(fd, start.length + header.stateBytes);
    if (products.length !== header.products) throw new Error(`the snapshot holds ${products.length} products, its header says ${header.products}`);
    return { header, state: { ...rest, products, watermark: header.watermark, pricedDay: header.pricedDay } };
  });
}

/** One JSON document per line from `position` to the end of the file. */
function readProducts(fd: number, position: number): Product[] {
  const products: Product[] = [];
  const shared = productStringSharer();
  let buffer = Buffer.allocUnsafe(READ_BLOCK);
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) {
      // A line longer than the block: a larger one.
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    }
    const read = fs.readSync(fd, buffer, filled, buffer.length - filled, position);
    position += read;
    filled += read;
    let lineStart = 0;
    for (let end = buffer.indexOf(10, 0); end >= 0 && end < filled; end = buffer.indexOf(10, lineStart)) {
      products.push(shared(JSON.parse(buffer.toString('latin1', lineStart, end)) as Product));
      lineStart = end + 1;
    }
    buffer.copy(buffer, 0, lineStart, filled);
    filled -= lineStart;
    if (read === 0) {
      if (filled > 0) throw new Error('the snapshot is cut short');
      return products;
    }
  }
}
