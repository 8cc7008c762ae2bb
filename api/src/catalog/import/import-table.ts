/**
 * What every reader of an import file (CSV, JSON, XLSX, XML) hands on: the file's headers as the
 * supplier wrote them and each record's values in the same order, before any header means a
 * field (import-columns.ts decides that, import-file.ts builds the rows).
 */

/** A problem with a file: its row and column as the operator sees them (null: the whole file / row). */
export interface ImportProblem {
  row: number | null;
  column: string | null;
  reason: string;
}

/** The most rows one file may hold: a supplier's whole list, with room. */
export const MAX_IMPORT_ROWS = 100_000;

/**
 * A cell its reader could not turn into a value — an XLSX error (#N/A), a formula never
 * calculated, an XML element holding elements. A problem only when its column fills a field:
 * a supplier's broken column the import ignores must not refuse the file.
 */
export class UnreadableCell {
  constructor(readonly reason: string) {}
}

export interface SourceRecord {
  /** As the operator sees it: the spreadsheet row (CSV, XLSX), the n-th record from 1 (JSON, XML). */
  row: number;
  /** One per header; undefined where the record leaves the column out (a JSON key, an XML element). */
  values: unknown[];
}

export interface SourceTable {
  /** The header's own row (CSV, XLSX) for problems with a header; null when records name their values (JSON, XML). */
  headerRow: number | null;
  /** As written, in the file's order. */
  headers: string[];
  /** Empty spreadsheet rows already left out. */
  records: SourceRecord[];
}

export type TableRead = { ok: true; table: SourceTable } | { ok: false; problems: ImportProblem[] };

export const fileProblem = (reason: string): { ok: false; problems: ImportProblem[] } => ({ ok: false, problems: [{ row: null, column: null, reason }] });
