import { sql, type Transaction } from 'kysely';
import type { Watermark } from '../db/change-log';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { PackedFile } from './file-packer';

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
/** PostgreSQL's advisory lock key of the SEO files (import jobs use 4,902,025). */
const SEO_LOCK = 5_002_026;
const STATE_KEY = 'files';

/** A stored file without its bytes. */
export interface StoredFileMeta {
  name: string;
  contentType: string;
  sha256: string;
  size: number;
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

export class SeoFileStore {
  constructor(private readonly db: Db) {}

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
      .select(['name', 'content_type', 'sha256', 'size', 'entries', 'meta', 'changed_at', 'checked_at', 'watermark'])
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      name: row.name,
      contentType: row.content_type,
      sha256: row.sha256,
      size: Number(row.size),
      entries: row.entries,
      meta: JSON.parse(row.meta) as Record<string, unknown>,
      changedAt: row.changed_at,
      checkedAt: row.checked_at,
      watermark: Number(row.watermark),
    }));
  }

  /** One file's description, as served (no bytes), or null. */
  async meta(name: string): Promise<Pick<StoredFileMeta, 'name' | 'contentType' | 'sha256' | 'size' | 'changedAt'> | null> {
    const row = await this.db.kysely
      .selectFrom('seo_file')
      .select(['name', 'content_type', 'sha256', 'size', 'changed_at'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { name: row.name, contentType: row.content_type, sha256: row.sha256, size: Number(row.size), changedAt: row.changed_at } : null;
  }

  /** One file's bytes in one encoding, if that text is still the stored one. */
  async bytes(name: string, sha256: string, encoding: 'gzip' | 'br'): Promise<Buffer | null> {
    const row = await this.db.kysely
      .selectFrom('seo_file')
      .select(encoding === 'gzip' ? 'gzip as bytes' : 'br as bytes')
      .where('name', '=', name)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row ? Buffer.from(row.bytes) : null;
  }

  /**
   * Writes a run's outcome (or a stage of it) in one transaction, only while `instance` still
   * holds the lease: the files (bytes only where the text changed), the names no longer part of
   * the set deleted, and — when `final` — the state's watermark, priced day and report (a stage
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
      for (const file of run.files) {
        const common = { entries: file.entries, meta: JSON.stringify(file.meta), checked_at: at, watermark: run.watermark.seq };
        if (!file.changed) {
          const kept = await trx.updateTable('seo_file').set(common).where('name', '=', file.name).where('sha256', '=', file.packed.sha256).executeTakeFirst();
          if (Number(kept.numUpdatedRows) === 1) continue;
        }
        const row = {
          ...common,
          content_type: file.contentType,
          gzip: file.packed.gzip,
          br: file.packed.br,
          sha256: file.packed.sha256,
          size: file.packed.size,
          changed_at: file.changedAt,
        };
        await trx
          .insertInto('seo_file')
          .values({ name: file.name, ...row })
          .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
          .execute();
      }
      if (run.drop.length > 0) await trx.deleteFrom('seo_file').where('name', 'in', run.drop).execute();
      return true;
    });
  }
}
