import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/database';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { FilePacker, PART_BYTES } from '../src/seo/file-packer';
import { ORPHAN_KEPT_MS, RETIRED_KEPT_MS, SeoFileStore, type FileToStore } from '../src/seo/seo-file-store';
import { seoFileRoutes } from '../src/seo/seo-file-routes';
import { freshTestDatabase, type TestDatabase } from '../harness/test-database';

/**
 * An SEO file's bytes kept in parts (migration 0029-seo-file-parts, docs/seo.md "How the files
 * are kept fresh"), on SQLite and on PostgreSQL: a big file's compressed bytes reach the database
 * a part at a time and are sent the same way; a version no longer served stays readable for a
 * grace period, then goes; the bytes stored before 0029 are served unchanged after it.
 */
const FEED = 'feeds/ceneo.xml';
const WATERMARK = { seq: 1, pending: [] };
const MINUTE = 60_000;

let varDir: string;
const databases: TestDatabase[] = [];
const opened: Db[] = [];
beforeAll(() => {
  varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-seo-parts-'));
});
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => {});
  for (const database of databases) await database.drop();
  fs.rmSync(varDir, { recursive: true, force: true });
});

async function database(name: string, upTo?: string): Promise<Db> {
  const created = await freshTestDatabase(varDir, name);
  databases.push(created);
  const db = openDatabase(created.url);
  opened.push(db);
  if (upTo) await migrateTo(db, upTo);
  else await migrateToLatest(db);
  return db;
}

/** Text that compresses badly (hex of random bytes: about half its size gzipped), so a few MB of it make many parts. */
const bulkyText = (megabytes: number) => `<?xml version="1.0" encoding="UTF-8"?>\n<offers>${randomBytes(megabytes * 512 * 1024).toString('hex')}</offers>\n`;

async function packInto(store: SeoFileStore, text: string) {
  const packer = new FilePacker(store);
  for (let at = 0; at < text.length; at += 100_000) await packer.write(text.slice(at, at + 100_000));
  return packer.finish();
}

async function saveFile(store: SeoFileStore, text: string, now: Date, changed = true) {
  const packed = await packInto(store, text);
  const file: FileToStore = { name: FEED, contentType: 'application/xml; charset=utf-8', packed, entries: 1, meta: {}, changedAt: now.toISOString(), changed };
  expect(await store.save('test', { files: [file], drop: [], watermark: WATERMARK, pricedDay: '2026-12-03', final: true }, now)).toBe(true);
  return packed;
}

const partsOf = async (db: Db, blob: string) =>
  (await db.kysely.selectFrom('seo_file_part').select(['encoding', 'seq']).where('blob', '=', blob).orderBy('encoding').orderBy('seq').execute()).map(
    (row) => `${row.encoding}:${row.seq}`,
  );

async function served(app: FastifyInstance, encoding: string) {
  const response = await app.inject({ method: 'GET', url: `/${FEED}`, headers: encoding ? { 'accept-encoding': encoding } : {} });
  const body = response.rawPayload;
  const text =
    response.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(body).toString()
      : response.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(body).toString()
        : body.toString();
  return {
    status: response.statusCode,
    encoding: response.headers['content-encoding'],
    length: Number(response.headers['content-length']),
    bytes: body.length,
    text,
  };
}

describe('a big file in parts', () => {
  let db: Db;
  let store: SeoFileStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await database('big');
    store = new SeoFileStore(db);
    app = Fastify();
    await app.register(seoFileRoutes, { store, robots: 'index', origin: 'https://sklep.kaloryfer.test', feedToken: undefined });
    expect(await store.claim('test', new Date())).toBe(true);
  });
  afterAll(() => app.close());

  test('written a part at a time as it is compressed, and sent from its parts whole in every encoding', async () => {
    const text = bulkyText(12);
    const packed = await saveFile(store, text, new Date());
    // ~6 MB gzipped: several parts of about PART_BYTES each, in order, in both encodings.
    expect(packed.gzipSize).toBeGreaterThan(4 * PART_BYTES);
    const parts = await partsOf(db, packed.blob);
    const gzipParts = parts.filter((part) => part.startsWith('gzip:'));
    expect(gzipParts).toEqual(Array.from({ length: gzipParts.length }, (_, seq) => `gzip:${seq}`));
    expect(gzipParts.length).toBe(Math.ceil(packed.gzipSize / PART_BYTES));
    expect(parts.filter((part) => part.startsWith('br:')).length).toBeGreaterThan(1);

    for (const [accept, encoding, length] of [
      ['br, gzip', 'br', packed.brSize],
      ['gzip', 'gzip', packed.gzipSize],
      ['', undefined, packed.size],
    ] as const) {
      const answer = await served(app, accept);
      expect(answer).toMatchObject({ status: 200, encoding, length, bytes: length });
      expect(answer.text === text).toBe(true);
    }
  }, 60_000);

  test('a replaced version is still sent whole for the grace period, then its parts go; the new one stays', async () => {
    const now = new Date();
    const old = (await store.meta(FEED))!;
    const reading = store.parts(old.blob, 'gzip');
    const first = await reading.next(); // a response under way when the file is replaced
    const replacement = await saveFile(store, bulkyText(6), now);
    const rest: Buffer[] = [];
    for await (const part of reading) rest.push(part);
    expect(Buffer.concat([first.value as Buffer, ...rest]).length).toBe(old.gzipSize);

    expect(await store.collect(new Date(now.getTime() + RETIRED_KEPT_MS - MINUTE))).toBe(0);
    expect(await store.collect(new Date(now.getTime() + RETIRED_KEPT_MS + MINUTE))).toBe(1);
    expect(await partsOf(db, old.blob)).toEqual([]);
    expect((await store.meta(FEED))!.blob).toBe(replacement.blob);
    expect((await partsOf(db, replacement.blob)).length).toBeGreaterThan(2);
    expect((await served(app, 'gzip')).status).toBe(200);
  }, 60_000);

  test('a version with the text already served is retired at once; a version never stored goes after an hour', async () => {
    const now = new Date();
    const text = bulkyText(1);
    const kept = await saveFile(store, text, now);
    const same = await saveFile(store, text, now, false);
    expect((await store.meta(FEED))!.blob).toBe(kept.blob);
    const orphan = await packInto(store, bulkyText(1)); // its run stopped before storing it
    // Two versions retired: the one `kept` replaced, and `same`.
    expect(await store.collect(new Date(now.getTime() + RETIRED_KEPT_MS + MINUTE))).toBe(2);
    expect(await partsOf(db, same.blob)).toEqual([]);
    expect((await partsOf(db, orphan.blob)).length).toBeGreaterThan(0);
    expect(await store.collect(new Date(now.getTime() + ORPHAN_KEPT_MS + MINUTE))).toBe(1);
    expect(await partsOf(db, orphan.blob)).toEqual([]);
    expect((await partsOf(db, kept.blob)).length).toBeGreaterThan(0);
    expect((await served(app, 'br')).text === text).toBe(true);
  }, 60_000);
});

test('0029: the files stored before it are served with the same bytes after it', async () => {
  const db = await database('before-parts', '0028-history-deletions-as-prices');
  const text = '<?xml version="1.0" encoding="UTF-8"?>\n<offers><o id="KF-1" price="1299.00"/></offers>\n';
  const gzip = zlib.gzipSync(text);
  const br = zlib.brotliCompressSync(text);
  await sql`insert into seo_file (name, content_type, gzip, br, sha256, size, entries, meta, changed_at, checked_at, watermark)
    values (${FEED}, 'application/xml; charset=utf-8', ${gzip}, ${br}, ${'a'.repeat(64)}, ${Buffer.byteLength(text)}, 1, '{}', '2026-12-01T10:00:00.000Z', '2026-12-01T10:00:00.000Z', 7)`.execute(
    db.kysely,
  );
  await migrateToLatest(db);
  const store = new SeoFileStore(db);
  const meta = (await store.meta(FEED))!;
  expect(meta).toMatchObject({
    sha256: 'a'.repeat(64),
    size: Buffer.byteLength(text),
    gzipSize: gzip.length,
    brSize: br.length,
    changedAt: '2026-12-01T10:00:00.000Z',
  });
  const read = async (encoding: 'gzip' | 'br') => {
    const parts: Buffer[] = [];
    for await (const part of store.parts(meta.blob, encoding)) parts.push(part);
    return Buffer.concat(parts);
  };
  expect((await read('gzip')).equals(gzip)).toBe(true);
  expect((await read('br')).equals(br)).toBe(true);
  // Served, so never collected as an orphan however old.
  expect(await store.collect(new Date('2027-01-01T00:00:00Z'))).toBe(0);
});
