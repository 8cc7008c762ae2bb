/** Polish identifiers and formats (docs/polish-market.md). */

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

function checksum(digits: string, weights: number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11;
}

/** NIP: 10 digits (dashes and spaces allowed); weights 6,5,7,2,3,4,5,6,7; remainder 10 never valid. */
export function isValidNip(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const check = checksum(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]);
  return check !== 10 && check === Number(digits[9]);
}

/** REGON: 9 digits (weights 8,9,2,3,4,5,6,7) or 14 (2,4,8,5,0,9,7,3,6,1,2,4,8); check = (sum mod 11) mod 10. */
export function isValidRegon(value: string): boolean {
  const digits = digitsOf(value);
  const weights = digits.length === 9 ? [8, 9, 2, 3, 4, 5, 6, 7] : digits.length === 14 ? [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8] : null;
  if (!weights || !/^\d+$/.test(digits)) return false;
  return checksum(digits, weights) % 10 === Number(digits[digits.length - 1]);
}

/** Polish postcode: dd-ddd. */
export function isValidPostcode(value: string): boolean {
  return /^\d{2}-\d{3}$/.test(value.trim());
}

/** Polish phone: 9 digits, optionally +48 / 0048 first; spaces and dashes allowed. */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '').replace(/^(\+48|0048)/, '');
  return /^\d{9}$/.test(compact) ? `+48${compact}` : null;
}

/** Shown as xxx xxx xxx. */
export function formatPhone(e164: string): string {
  const national = e164.replace(/^\+48/, '');
  return national.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3');
}
