/**
 * A catalogue date or moment as milliseconds. The catalogue's days are UTC days: `2026-12-02`
 * is that day's midnight UTC, and so is Magento's `2026-12-02 00:00:00` (which `Date.parse`
 * would read in the server's own zone); an ISO moment with its zone (`2026-12-02T09:15:00.000Z`,
 * what an import writes since prices are recorded to the minute) is read as written.
 */
export function momentOf(value: string): number {
  if (value.length === 10) return Date.parse(`${value}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)) return Date.parse(`${value.replace(' ', 'T')}Z`);
  return Date.parse(value);
}
