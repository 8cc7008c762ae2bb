import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database, MailOutboxTable } from '../db/schema';
import type { MailMessage } from './outbox';

/**
 * The transactional half of the mail outbox: `enqueueMail(trx, …)` writes the message as a
 * `mail_outbox` row with the caller's transaction, so the message exists exactly when what it
 * confirms was committed. Nothing is sent here — the `MailWorker` delivers it.
 */
export async function enqueueMail(executor: Kysely<Database>, queued: QueuedMail): Promise<void> {
  await executor
    .insertInto('mail_outbox')
    .values(mailRow(queued))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute(); // queued before under this key: once is enough
}

interface QueuedMail {
  key: string;
  message: MailMessage;
  now?: Date;
}

/** The `mail_outbox` row of a message queued under `key` (a statement of the caller's may insert it: orders on PostgreSQL). */
export function mailRow({ key, message, now = new Date() }: QueuedMail): Insertable<MailOutboxTable> {
  const at = now.toISOString();
  return {
    dedupe_key: key,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    status: 'pending',
    next_attempt_at: at,
    locked_until: null,
    last_error: null,
    created_at: at,
    sent_at: null,
  };
}

/**
 * Wake-up calls within this process: after committing a queued message, `announceMail(db)`
 * makes this process's workers on that database deliver at once instead of at their next poll
 * (workers in other processes find it when they poll).
 */
const listeners = new WeakMap<object, Set<() => void>>();

export function announceMail(db: Db): void {
  for (const listener of listeners.get(db.kysely) ?? []) listener();
}

export function onMailQueued(db: Db, listener: () => void): () => void {
  let set = listeners.get(db.kysely);
  if (!set) listeners.set(db.kysely, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
