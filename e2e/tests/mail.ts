import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_VAR_DIR } from '../shop-env';

/** The shop's outbox in e2e: with no SMTP_URL the API writes each e-mail as an .eml file here. */
const MAIL_DIR = path.join(E2E_VAR_DIR, 'mail');

/** Quoted-printable (RFC 2045) back to UTF-8 text: soft line breaks joined, =XX bytes decoded. */
const quotedPrintable = (encoded: string) =>
  decodeURIComponent(
    encoded
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );

/** The decoded text of every message the outbox holds for this address. */
export function mailsTo(email: string): string[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .sort()
    .map((file) => fs.readFileSync(path.join(MAIL_DIR, file), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(raw))
    .map(quotedPrintable);
}

/** Waits for the message of this address that carries `pattern`, and answers the match. */
export async function fromMail(email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(email)
          .map((text) => pattern.exec(text)?.[0])
          .find(Boolean);
        return found ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return found!;
}

/** An address nobody else in the run uses. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.pl`;
