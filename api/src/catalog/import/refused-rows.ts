import { csvRecord } from './import-csv';
import type { ImportFile, ImportProblem } from './import-file';

/**
 * The rows `--skip-bad-rows` refused, as a file the operator fixes and imports again: the
 * import's own column names (whatever the supplier's headers were: the file imports without its
 * profile), the row's cells as read, the row it was in the supplier's file, and what was wrong.
 * UTF-8 with a BOM and `;` between fields, so a Polish Excel opens it with its letters intact.
 * The `row` and `problem` columns are ignored (and listed) when it is imported.
 */
export function refusedRowsCsv(file: ImportFile, problems: ImportProblem[]): string {
  const reasons = new Map<number, string[]>();
  for (const problem of problems) {
    if (problem.row === null) continue;
    const list = reasons.get(problem.row) ?? [];
    list.push(problem.column ? `${problem.column}: ${problem.reason}` : problem.reason);
    reasons.set(problem.row, list);
  }
  const { columns } = file;
  const lines = [csvRecord([...columns, 'row', 'problem'])];
  for (const row of file.rows) {
    const why = reasons.get(row.row);
    if (!why) continue;
    lines.push(csvRecord([...columns.map((column) => cellText(row.cells[column])), String(row.row), why.join('; ')]));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function cellText(cell: unknown): string {
  if (cell === undefined || cell === null) return '';
  if (typeof cell === 'object')
    return Object.entries(cell as Record<string, unknown>)
      .map(([code, value]) => `${code}=${String(value)}`)
      .join('|');
  return String(cell);
}
