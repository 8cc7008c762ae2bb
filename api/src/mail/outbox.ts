import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Set by the mail worker for a queued message: its identity (`mail<row id>`), when it was
   * queued and its Message-ID — the same message sent again is recognisably the same
   * (the file outbox keeps one file for it).
   */
  id?: string;
  date?: Date;
  messageId?: string;
}

/** Where the shop's e-mail goes: SMTP when `SMTP_URL` is set, otherwise `.eml` files under `MAIL_DIR`. */
export interface Outbox {
  send(message: MailMessage): Promise<void>;
}

export const SHOP_SENDER = '"Kaloryfer" <sklep@kaloryfer.pl>';

/** One message, one file named by time and subject: open it in any mail program (`.eml`, RFC 5322). */
export class FileOutbox implements Outbox {
  private readonly render: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  /** The folder is made once (and again if someone removed it: a write then fails with ENOENT). */
  private dirMade = false;

  constructor(
    readonly dir: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async send({ id, ...message }: MailMessage): Promise<void> {
    const info = await this.render.sendMail({ from: SHOP_SENDER, ...message });
    const content = info.message as Buffer;
    // Synchronous on purpose: under load a shop writes a confirmation per order, and the same
    // calls through libuv's thread pool cost ~60 % more CPU — a thread hop per call (1.0–1.1 ms
    // against 0.6–0.75 ms per message, interleaved runs on this 2-core machine). On a busy
    // machine the CPU is what is short, not the event loop's time.
    this.ensureDir();
    const stamp = (message.date ?? this.clock()).toISOString().replace(/[:.]/g, '-');
    // "Potwierdzenie zamówienia 000000001 – Kaloryfer" → "potwierdzenie-zamowienia-000000001-kaloryfer" (ł has no decomposition).
    const slug = message.subject
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ł/g, 'l')
      .replace(/Ł/g, 'L')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60)
      .toLowerCase();
    if (id) {
      // A queued message has one file name: written again after a crash, it replaces itself.
      const file = path.join(this.dir, `${stamp}-${id.replace(/[^\w-]+/g, '-')}-${slug}.eml`);
      this.retryingDir(() => writeWhole(file, content));
      return;
    }
    // 'wx': a second message in the same millisecond with the same subject gets its own file.
    for (let n = 0; ; n += 1) {
      const file = path.join(this.dir, `${stamp}-${slug}${n ? `-${n}` : ''}.eml`);
      try {
        this.retryingDir(() => fs.writeFileSync(file, content, { flag: 'wx' }));
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  private ensureDir(): void {
    if (this.dirMade) return;
    fs.mkdirSync(this.dir, { recursive: true });
    this.dirMade = true;
  }

  /** A write, made again once if the folder was removed meanwhile. */
  private retryingDir(write: () => void): void {
    try {
      write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.dirMade = false;
      this.ensureDir();
      write();
    }
  }
}

/**
 * The whole file or none: written to a temporary name and renamed to its own, so a crash
 * mid-write never leaves half a message under the name, and the message sent again (a crash
 * before its "sent" mark) replaces its file rather than adding one. Renamed, not linked and
 * unlinked: on a disk without a journal ext4 skips inodes deleted in the last minute or two when
 * it allocates one, so a file deleted per message would slow every later file creation.
 */
function writeWhole(file: string, content: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

export class SmtpOutbox implements Outbox {
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send({ id: _id, ...message }: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: SHOP_SENDER, ...message });
  }
}

export function createOutbox({ smtpUrl, mailDir }: { smtpUrl: string | undefined; mailDir: string }): Outbox {
  return smtpUrl ? new SmtpOutbox(smtpUrl) : new FileOutbox(mailDir);
}
