import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_LIMITS, type LimitName } from './rate-limit';

/**
 * docs/account.md, "Limits", lists the account limits a reader (and a support desk) goes by: its
 * table must say what `ACCOUNT_LIMITS` does — every rule once, with its number of attempts, its
 * window, and the key and the calls its name stands for. A limit changed in one place and not
 * the other fails here.
 */
const ACCOUNT_DOC = path.resolve(__dirname, '../../../docs/account.md');

interface DocRow {
  what: string;
  key: string;
  limit: string;
  rule: string;
}

function limitRows(): DocRow[] {
  const section = /^## Limits\n([\s\S]*?)^## /m.exec(fs.readFileSync(ACCOUNT_DOC, 'utf8'))?.[1] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*what\s*\|/.test(line) && !/^\|[-|\s]+\|$/.test(line))
    .map((line) => {
      const [what, key, limit, rule] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return { what, key, limit, rule: rule?.replace(/`/g, '') ?? '' };
    });
}

/** "5 a minute (…)", "20 in 15 minutes", "1 an hour" → the rule; anything else is not understood. */
function parseLimit(text: string): { limit: number; windowSeconds: number } | undefined {
  const match = /^(\d+) (?:(a|an) (minute|hour)|in (\d+) (minutes|hours))\b/.exec(text);
  if (!match) return undefined;
  const [, limit, , singleUnit, count, pluralUnit] = match;
  const unitSeconds = (singleUnit ?? pluralUnit).startsWith('minute') ? 60 : 3600;
  return { limit: Number(limit), windowSeconds: Number(count ?? 1) * unitSeconds };
}

/** The key a rule's name counts by, as the table's "key" column says it (before any "(…)"). */
function keyOf(rule: string): string {
  if (rule.endsWith('PerIpAndAccount')) return 'IP + account';
  if (rule.endsWith('PerIp')) return 'IP';
  if (rule.endsWith('PerAccount')) return 'account';
  return `(no key in the name ${rule})`;
}

/** The calls a rule's name stands for, as the table's "what" column names them. */
const CALLS: Record<string, string> = { login: 'logins', reset: 'reset-password', refresh: 'refresh', createPassword: 'create-password' };
const callsOf = (rule: string) => CALLS[rule.replace(/Per[A-Z].*$/, '')] ?? `(no calls for ${rule})`;

const rows = limitRows();

test('the table names every rule of ACCOUNT_LIMITS once, and no other', () => {
  expect(rows.map((row) => row.rule).sort()).toEqual(Object.keys(ACCOUNT_LIMITS).sort());
});

test.each(rows.map((row) => [row.rule, row] as const))('%s: the table says what the code counts', (rule, row) => {
  expect(ACCOUNT_LIMITS).toHaveProperty(rule);
  expect(parseLimit(row.limit)).toEqual(ACCOUNT_LIMITS[rule as LimitName]);
  expect(row.key.replace(/\s*\(.*\)$/, '')).toBe(keyOf(rule));
  expect(row.what).toContain(callsOf(rule));
});

test('the limit column is read as the code means it', () => {
  expect(parseLimit('5 a minute (a successful login clears it)')).toEqual({ limit: 5, windowSeconds: 60 });
  expect(parseLimit('3 in 15 minutes')).toEqual({ limit: 3, windowSeconds: 900 });
  expect(parseLimit('2 in 2 hours')).toEqual({ limit: 2, windowSeconds: 7200 });
  expect(parseLimit('a few, now and then')).toBeUndefined();
});
