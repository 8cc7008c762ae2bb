import type { Db } from '../db/database';
import type { MailOutboxTable } from '../db/schema';
import { sql, type Selectable } from 'kysely';
import { onMailQueued } from './mail-queue';
import type { Outbox } from './outbox';
import { MAIL_RETRY, retryDelayMs } from './retry-delay';

export interface MailWorkerOptions {
  /** How often due messages are looked for (those of other processes, retries that came due). */
  pollMs?: number;
  /**
   * How long a message queued in this process waits for others to go out in the same batch. A
   * pass costs two statements whatever its size, and under load an order a few ms (default
   * GATHER_MS; 0 sends each at once).
   */
  gatherMs?: number;
  /** How long one worker holds a message it is sending; a worker that dies frees it after this. */
  leaseMs?: number;
  /** The wait after the n-th failed attempt. */
  delayMs?: (attempts: number) => number;
  maxAttempts?: number;
  /** Wall-clock time (not the shop's pricing clock): retries are due in real time. */
  now?: () => Date;
  log?: { warn(message: string): void; error(message: string): void };
}

const BATCH = 20;
/** A shopper does not notice a confirmation 0.1 s later; the database notices a pass per order. */
export const GATHER_MS = 100;

/**
 * The delivering half of the mail outbox: claims due `mail_outbox` rows a batch at a time with a
 * conditional update (so two workers — two processes on one PostgreSQL — never send the same
 * row at once), hands each to the transport (`.eml` files or SMTP) and marks the batch's sent; a
 * failure is tried again after an exponential backoff (`retry-delay.ts`) until it is given up
 * as `failed`. Rows left by a crash are simply still pending: the next start delivers them.
 *
 * Each message goes out with a Message-ID and file name made from its row, so the file outbox
 * keeps one file for it even if a crash came between the write and the "sent" mark (an SMTP
 * server could in that narrow window get it twice, with the same Message-ID).
 */
export class MailWorker {
  private readonly pollMs: number;
  private readonly gatherMs: number;
  /** When the pending timer fires (a gathering one is brought forward, never pushed back). */
  private timerDue = 0;
  /** A message was queued here while a pass ran: the next pass comes after gatherMs, not pollMs. */
  private announced = false;
  private readonly leaseMs: number;
  private readonly delayMs: (attempts: number) => number;
  private readonly maxAttempts: number;
  private readonly now: () => Date;
  /** Batches claimed (each one claim and one "sent" mark, whatever its size): tests and logs. */
  batches = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: Outbox,
    private readonly options: MailWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5_000;
    this.gatherMs = options.gatherMs ?? GATHER_MS;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.delayMs = options.delayMs ?? retryDelayMs;
    this.maxAttempts = options.maxAttempts ?? MAIL_RETRY.maxAttempts;
    this.now = options.now ?? (() => new Date());
  }

  /** Delivers what is due now, then polls; messages queued in this process go out within gatherMs. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = onMailQueued(this.db, () => this.soon());
    void this.kick();
  }

  /** Stops polling and waits for the message being sent, if any; queued rows stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** A message was queued in this process: a pass within gatherMs, with whatever else is queued by then. */
  private soon(): void {
    if (this.stopped) return;
    if (this.gatherMs === 0) return void this.kick();
    if (this.running) {
      this.announced = true;
      return;
    }
    this.schedule(this.gatherMs);
  }

  private schedule(ms: number): void {
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => void this.kick(), ms).unref();
  }

  /** A pass now (one already running takes another turn after it). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.announced = false;
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.deliverDue(() => this.stopped);
        } catch (error) {
          // The database is away (a restart, a failover): the rows wait for the next poll.
          this.options.log?.error(`mail outbox not read: ${String((error as Error)?.message ?? error)}`);
          break;
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
      if (!this.stopped) this.schedule(this.announced ? this.gatherMs : this.pollMs);
      this.announced = false;
    });
    return this.running;
  }

  /** Tests: wait until everything due now has been tried. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    if (!this.stopped) await this.kick();
  }

  /** Delivers every message due now (or until `shouldStop`: the batch under way is finished); answers how many went out. */
  async deliverDue(shouldStop: () => boolean = () => false): Promise<number> {
    let sent = 0;
    for (;;) {
      if (shouldStop()) return sent;
      const claimed = await this.claimDue();
      if (claimed.length > 0) this.batches += 1;
      const delivered: number[] = [];
      for (const row of claimed) if (await this.deliver(row)) delivered.push(row.id);
      if (delivered.length > 0) {
        await this.db.kysely
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: this.now().toISOString(), locked_until: null, last_error: null })
          .where('id', 'in', delivered)
          .execute();
      }
      sent += delivered.length;
      if (claimed.length < BATCH) return sent;
    }
  }

  /**
   * Up to BATCH due messages, claimed for this worker in one statement: a conditional update (due,
   * pending, not leased) that leases them, so two workers — two processes on one PostgreSQL —
   * never send the same row at once. PostgreSQL skips rows another worker is claiming right now
   * rather than waiting for it.
   */
  private async claimDue(): Promise<Selectable<MailOutboxTable>[]> {
    const now = this.now();
    const at = now.toISOString();
    const free = sql<boolean>`status = 'pending' and next_attempt_at <= ${at} and (locked_until is null or locked_until <= ${at})`;
    const { rows } = await sql<Selectable<MailOutboxTable>>`
      update mail_outbox
      set attempts = attempts + 1, locked_until = ${new Date(now.getTime() + this.leaseMs).toISOString()}
      where id in (select id from mail_outbox where ${free} order by id limit ${BATCH}${this.db.dialect === 'postgres' ? sql` for update skip locked` : sql``})
        and ${free}
      returning *`.execute(this.db.kysely);
    return [...rows].sort((a, b) => a.id - b.id);
  }

  /**
   * One attempt at one claimed message; true when it went out (the batch's sent ones are marked
   * together, after it — a crash before that leaves them to be tried again: the file outbox
   * keeps one file for each, an SMTP server might get one twice, with the same Message-ID).
   */
  private async deliver(claimed: Selectable<MailOutboxTable>): Promise<boolean> {
    try {
      await this.transport.send(messageOf(claimed));
      return true;
    } catch (error) {
      const attempts = claimed.attempts;
      const givenUp = attempts >= this.maxAttempts;
      const reason = String((error as Error)?.message ?? error).slice(0, 2000);
      await this.db.kysely
        .updateTable('mail_outbox')
        .set({
          status: givenUp ? 'failed' : 'pending',
          locked_until: null,
          last_error: reason,
          next_attempt_at: new Date(this.now().getTime() + this.delayMs(attempts)).toISOString(),
        })
        .where('id', '=', claimed.id)
        .execute();
      const what = `mail ${claimed.dedupe_key} to ${maskAddress(claimed.recipient)}`;
      if (givenUp) this.options.log?.error(`${what} given up after ${attempts} attempts: ${reason}`);
      else this.options.log?.warn(`${what} not sent (attempt ${attempts}, next in ${Math.round(this.delayMs(attempts) / 1000)} s): ${reason}`);
      return false;
    }
  }
}

/** The row as a message, with its identity: the same row is the same message, however often it is tried. */
function messageOf(row: Selectable<MailOutboxTable>) {
  const created = new Date(row.created_at);
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    id: `mail${row.id}`,
    date: created,
    messageId: `<${row.dedupe_key.replace(/[^\w.-]+/g, '.')}.${created.getTime()}@kaloryfer.pl>`,
  };
}

/** Logs carry no full e-mail address (issue #22: e-mails are redacted). */
function maskAddress(address: string): string {
  const at = address.indexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
}
