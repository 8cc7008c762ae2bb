import { applyTax } from '@kaloryfer/domain';

/**
 * One cell of an import file as a value, or the reason it is not one — the words the operator
 * reads next to the row and column. CSV cells are text as spreadsheets write it (decimal comma,
 * spaces between thousands, "zł"); JSON cells may also be numbers and booleans.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const no = (reason: string): Parsed<never> => ({ ok: false, reason });

/** An empty cell: nothing, null, or only spaces. */
export const isEmpty = (cell: unknown): boolean => cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');

const shown = (cell: unknown) => JSON.stringify(typeof cell === 'string' ? cell : cell)?.slice(0, 40);

/** The highest price an import takes: anything above is a typo (a missing decimal separator). */
export const MAX_PRICE = 1_000_000;
export const MAX_QTY = 1_000_000;

/** A decimal number: 1299, 1299.5, 1 299,00, 1299,00 zł. */
export function parseDecimal(cell: unknown): Parsed<number> {
  if (typeof cell === 'number') return Number.isFinite(cell) ? ok(cell) : no(`not a number (${shown(cell)})`);
  if (typeof cell !== 'string') return no(`not a number (${shown(cell)})`);
  const text = cell
    .trim()
    .replace(/\s*(zł|pln)$/i, '')
    .replace(/(\d)[\s\u00a0\u202f](?=\d{3}(\D|$))/g, '$1');
  if (!/^-?\d+([.,]\d+)?$/.test(text)) return no(`not a number (${shown(cell)})`);
  return ok(Number(text.replace(',', '.')));
}

/** A net price as wholesalers' lists give it: up to four decimals (1056,9106), not negative. */
export function parseNetMoney(cell: unknown): Parsed<number> {
  const parsed = parseDecimal(cell);
  if (!parsed.ok) return parsed;
  const amount = parsed.value;
  if (amount < 0) return no(`a negative price (${shown(cell)})`);
  if (Math.abs(Math.round(amount * 10_000) - amount * 10_000) > 1e-6) return no(`more than four decimal places (${shown(cell)})`);
  return ok(amount);
}

/** The gross price of a net one at a VAT rate in percent, rounded to the grosz as the shop keeps prices. */
export function grossFromNet(net: number, ratePercent: number): Parsed<number> {
  const gross = applyTax(net, ratePercent, false).price_incl_tax;
  if (gross >= MAX_PRICE) return no(`${net} net is ${gross} gross, above ${MAX_PRICE} zł: a missing decimal separator?`);
  return ok(gross);
}

/** Gross złoty with at most two decimals, not negative, below MAX_PRICE. */
export function parseMoney(cell: unknown): Parsed<number> {
  const parsed = parseDecimal(cell);
  if (!parsed.ok) return parsed;
  const amount = parsed.value;
  if (amount < 0) return no(`a negative price (${shown(cell)})`);
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) return no(`more than two decimal places (${shown(cell)}): prices are in grosze`);
  if (amount >= MAX_PRICE) return no(`${shown(cell)} is above ${MAX_PRICE} zł: a missing decimal separator?`);
  return ok(Math.round(amount * 100) / 100);
}

/** A whole number of pieces, 0 or more. */
export function parseQty(cell: unknown): Parsed<number> {
  const parsed = parseDecimal(cell);
  if (!parsed.ok) return no(`not a whole number (${shown(cell)})`);
  if (!Number.isInteger(parsed.value)) return no(`not a whole number (${shown(cell)})`);
  if (parsed.value < 0) return no(`a negative quantity (${shown(cell)})`);
  if (parsed.value > MAX_QTY) return no(`${shown(cell)} is above ${MAX_QTY}`);
  return ok(parsed.value);
}

const TRUE = new Set(['1', 'true', 'yes', 'tak', 't', 'y']);
const FALSE = new Set(['0', 'false', 'no', 'nie', 'f', 'n']);

/** 1/0, true/false (also tak/nie, yes/no). */
export function parseFlag(cell: unknown): Parsed<boolean> {
  if (typeof cell === 'boolean') return ok(cell);
  const text = String(cell).trim().toLowerCase();
  if (TRUE.has(text)) return ok(true);
  if (FALSE.has(text)) return ok(false);
  return no(`not 1/0 or true/false (${shown(cell)})`);
}

/** A calendar day, YYYY-MM-DD (2026-02-30 is not one). */
export function parseDay(cell: unknown): Parsed<string> {
  const text = typeof cell === 'string' ? cell.trim() : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return no(`not a date: write YYYY-MM-DD (${shown(cell)})`);
  const day = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) return no(`not a date in the calendar (${shown(cell)})`);
  return ok(text);
}

/** Text a shopper will read: one line, no control characters, not empty, not too long. */
export function parseText(cell: unknown, max: number): Parsed<string> {
  if (typeof cell !== 'string' && typeof cell !== 'number') return no(`not text (${shown(cell)})`);
  const text = String(cell).trim();
  if (text === '') return no('empty');
  if (text.length > max) return no(`longer than ${max} characters`);
  if (/[\u0000-\u001f\u007f]/.test(text)) return no('contains a line break or a control character');
  return ok(text);
}

/** "12,50 zł" as the report writes an amount. */
export function formatZloty(amount: number): string {
  return `${amount.toFixed(2).replace('.', ',')} zł`;
}
