import { sql, type Transaction } from 'kysely';
import type { Watermark } from '../db/change-log';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { PackedFile, PartSink, StoredEncoding } from './file-packer';

/**
 * The generated SEO files in the database (migration 0026-seo-files; docs/seo.md, "How the
 * files are kept fresh"): what every instance serves (`seo_file`), and who writes them and how
 * far they reflect the catalogue (`seo_state`). One instance at a time writes — the one holding
 * the lease, taken and renewed as import jobs take theirs (catalog/import/import-job-claims.ts):
 * decided under a lock (PostgreSQL: an advisory lock for the transaction; SQLite: the writer's
 * lock, taken before the first read), renewed every HEARTBEAT_MS, and taken over by another
 * instance once it has run out (LEASE_MS) — at once when its holder stops (it gives it back).
 */
export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 5_000;
/**
 * A version no longer served keeps its parts this long (0029-seo-file-parts): a response that
 * began streaming it before it was replaced is sent whole.
 */
export const RETIRED_KEPT_MS = 10 * 60_000;
/** A version begun but never stored or retired (its run stopped, its writer lost the lease) is removed after this. */
export const ORPHAN_KEPT_MS = 60 * 60_000;
/** Parts read from the database at a time while a file is sent (~1 MiB each). */
const PARTS_PER_READ = 4;

/** PostgreSQL's advisory lock key of the SEO files (import jobs use 4,902,025). */
const SEO_LOCK = 5_002_026;
const STATE_KEY = 'files';

/** A stored file without its bytes. */
export interface StoredFileMeta {
  name: string;
  contentType: string;
  sha256: string;
  size: number;
  blob: string;
  entries: number;
  meta: Record<string, unknown>;
  changedAt: string;
  checkedAt: string;
  watermark: number;
}

/** A file to store: what it is, its bytes, and when its text last changed. */
export interface FileToStore {
  name: string;
  contentType: string;
  packed: PackedFile;
  entries: number;
  meta: Record<string, unknown>;
  /** When its text changed: now for a new text, the stored file's for the same text. */
  changedAt: string;
  /** False when the stored file has this very text: only its times and watermark are written. */
  changed: boolean;
}

export interface SeoState {
  instance: string | null;
  leaseUntil: string | null;
  watermark: Watermark | null;
  pricedDay: string | null;
  generatedAt: string | null;
}

const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS).toISOString();

async function withStateLock<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEO_LOCK})`.execute(trx);
    else await sql`update seo_state set key = key where 0 = 1`.execute(trx);
    return work(trx);
  });
}

/** A file as it is served: what it is and where its bytes are. */
export interface ServedFileMeta {
  name: string;
  contentType: string;
  sha256: string;
  size: number;
  changedAt: string;
  blob: string;
  gzipSize: number;
  brSize: number;
}

export class SeoFileStore implements PartSink {
  constructor(private readonly db: Db) {}

  async begin(blob: string): Promise<void> {
    await this.db.kysely.insertInto('seo_file_blob').values({ id: blob, created_at: new Date().toISOString() }).execute();
  }

  async put(blob: string, encoding: StoredEncoding, seq: number, bytes: Buffer): Promise<void> {
    await this.db.kysely.insertInto('seo_file_part').values({ blob, encoding, seq, bytes }).execute();
  }

  /** A version's bytes in one encoding, a few parts per read; nothing when the version is gone. */
  async *parts(blob: string, encoding: StoredEncoding): AsyncGenerator<Buffer> {
    for (let from = 0; ; from += PARTS_PER_READ) {
      const rows = await this.db.kysely
        .selectFrom('seo_file_part')
        .select('bytes')
        .where('blob', '=', blob)
        .where('encoding', '=', encoding)
        .where('seq', '>=', from)
        .where('seq', '<', from + PARTS_PER_READ)
        .orderBy('seq')
        .execute();
      for (const row of rows) yield Buffer.from(row.bytes);
      if (rows.length < PARTS_PER_READ) return;
    }
  }

  /**
   * Removes the parts of versions retired longer than RETIRED_KEPT_MS ago, and of versions begun
   * longer than ORPHAN_KEPT_MS ago that no file serves. Answers how many versions went.
   */
  async collect(now: Date): Promise<number> {
    const retiredBefore = new Date(now.getTime() - RETIRED_KEPT_MS).toISOString();
    const begunBefore = new Date(now.getTime() - ORPHAN_KEPT_MS).toISOString();
    const gone = await this.db.kysely
      .selectFrom('seo_file_blob')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('retired_at', '<', retiredBefore),
          eb.and([
            eb('retired_at', 'is', null),
            eb('created_at', '<', begunBefore),
            eb.not(eb.exists(eb.selectFrom('seo_file').select('name').whereRef('seo_file.blob', '=', 'seo_file_blob.id'))),
          ]),
        ]),
      )
      .execute();
    for (const { id } of gone) {
      await this.db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('seo_file_part').where('blob', '=', id).execute();
        await trx.deleteFrom('seo_file_blob').where('id', '=', id).execute();
      });
    }
    return gone.length;
  }

  async state(): Promise<SeoState> {
    const row = await this.db.kysely.selectFrom('seo_state').selectAll().where('key', '=', STATE_KEY).executeTakeFirst();
    return {
      instance: row?.instance ?? null,
      leaseUntil: row?.lease_until ?? null,
      watermark: row?.watermark ? (JSON.parse(row.watermark) as Watermark) : null,
      pricedDay: row?.priced_day ?? null,
      generatedAt: row?.generated_at ?? null,
    };
  }

  /**
   * Takes the writer's lease for `instance` when nobody holds it, its holder's ran out, or it is
   * this instance's own already (renewed then); answers whether `instance` holds it now.
   */
  async claim(instance: string, now: Date): Promise<boolean> {
    return withStateLock(this.db, async (trx) => {
      const row = await trx.selectFrom('seo_state').select(['instance', 'lease_until']).where('key', '=', STATE_KEY).executeTakeFirst();
      if (!row) {
        await trx
          .insertInto('seo_state')
          .values({ key: STATE_KEY, instance, lease_until: leaseEnd(now) })
          .execute();
        return true;
      }
      const free = row.instance === null || row.instance === instance || row.lease_until === null || row.lease_until <= now.toISOString();
      if (!free) return false;
      await trx
        .updateTable('seo_state')
        .set({ instance, lease_until: leaseEnd(now) })
        .where('key', '=', STATE_KEY)
        .execute();
      return true;
    });
  }

  /** Renews this instance's lease; false when it no longer holds it (it ran out and another took it). */
  async renew(instance: string, now: Date): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable('seo_state')
      .set({ lease_until: leaseEnd(now) })
      .where('key', '=', STATE_KEY)
      .where('instance', '=', instance)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives the lease back (a stopping instance): another takes it at its next look. */
  async release(instance: string): Promise<void> {
    await this.db.kysely
      .updateTable('seo_state')
      .set({ instance: null, lease_until: null })
      .where('key', '=', STATE_KEY)
      .where('instance', '=', instance)
      .execute();
  }

  async metas(): Promise<StoredFileMeta[]> {
    const rows = await this.db.kysely
      .selectFrom('seo_file')
      .select(['name', 'content_type', 'sha256', 'size', 'blob', 'entries', 'meta', 'changed_at', 'checked_at', 'watermark'])
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      name: row.name,
      contentType: row.content_type,
      sha256: row.sha256,
      size: Number(row.size),
      blob: row.blob,
      entries: row.entries,
      meta: JSON.parse(row.meta) as Record<string, unknown>,
      changedAt: row.changed_at,
      checkedAt: row.checked_at,
      watermark: Number(row.watermark),
    }));
  }

  /** One file's description, as served (no bytes), or null. */
  async meta(name: string): Promise<ServedFileMeta | null> {
    const row = await this.db.kysely
      .selectFrom('seo_file')
      .select(['name', 'content_type', 'sha256', 'size', 'changed_at', 'blob', 'gzip_size', 'br_size'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row
      ? {
          name: row.name,
          contentType: row.content_type,
          sha256: row.sha256,
          size: Number(row.size),
          changedAt: row.changed_at,
          blob: row.blob,
          gzipSize: Number(row.gzip_size),
          brSize: Number(row.br_size),
        }
      : null;
  }

  /**
   * Writes a run's outcome (or a stage of it) in one transaction, only while `instance` still
   * holds the lease: the files (a new version only where the text changed: a version written
   * with the same text is retired at once, as is one replaced or dropped), the names no longer
   * part of the set deleted, and — when `final` — the state's watermark, priced day and report (a stage
   * before the last leaves them: should the run stop there, the next one starts from the same
   * watermark and writes those files again, unchanged). Answers false (nothing written) when the
   * lease was lost meanwhile.
   */
  async save(
    instance: string,
    run: { files: FileToStore[]; drop: string[]; watermark: Watermark; pricedDay: string; report?: object; final: boolean },
    now: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    return withStateLock(this.db, async (trx) => {
      const held = await trx
        .updateTable('seo_state')
        .set({
          lease_until: leaseEnd(now),
          ...(run.final
            ? {
                watermark: JSON.stringify(run.watermark),
                priced_day: run.pricedDay,
                generated_at: at,
                ...(run.report ? { report: JSON.stringify(run.report) } : {}),
              }
            : {}),
        })
        .where('key', '=', STATE_KEY)
        .where('instance', '=', instance)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return false;
      const retire = (blobs: string[]) =>
        blobs.length === 0 ? null : trx.updateTable('seo_file_blob').set({ retired_at: at }).where('id', 'in', blobs).where('retired_at', 'is', null).execute();
      const before = new Map(
        run.files.length + run.drop.length === 0
          ? []
          : (
              await trx
                .selectFrom('seo_file')
                .select(['name', 'blob', 'sha256'])
                .where('name', 'in', [...run.files.map((file) => file.name), ...run.drop])
                .execute()
            ).map((row) => [row.name, row]),
      );
      for (const file of run.files) {
        const common = { entries: file.entries, meta: JSON.stringify(file.meta), checked_at: at, watermark: run.watermark.seq };
        const stored = before.get(file.name);
        if (!file.changed && stored?.sha256 === file.packed.sha256) {
          await trx.updateTable('seo_file').set(common).where('name', '=', file.name).execute();
          await retire([file.packed.blob]);
          continue;
        }
        const row = {
          ...common,
          content_type: file.contentType,
          blob: file.packed.blob,
          gzip_size: file.packed.gzipSize,
          br_size: file.packed.brSize,
          sha256: file.packed.sha256,
          size: file.packed.size,
          changed_at: file.changedAt,
        };
        await trx
          .insertInto('seo_file')
          .values({ name: file.name, ...row })
          .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
          .execute();
        if (stored && stored.blob !== file.packed.blob) await retire([stored.blob]);
      }
      if (run.drop.length > 0) {
        await retire(run.drop.flatMap((name) => before.get(name)?.blob ?? []));
        await trx.deleteFrom('seo_file').where('name', 'in', run.drop).execute();
      }
      return true;
    });
  }
}
