import { Type } from '@sinclair/typebox';
import type { ImportProblem } from './import-file';
import type { ImportReport } from './apply-import';
import { IMPORT_ENCODINGS, IMPORT_FORMATS } from './import-profile';

/**
 * How an import's outcome is told: the answer's schema (the endpoint's 200), the refusal's
 * problem list (capped: a file with a wrong separator has a problem on every row), and the lines
 * the CLI prints.
 */
const ProblemSchema = Type.Object({
  row: Type.Union([Type.Integer(), Type.Null()]),
  column: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
});

export const ImportReportSchema = Type.Object({
  format: Type.Union(IMPORT_FORMATS.map((format) => Type.Literal(format))),
  encoding: Type.Union([...IMPORT_ENCODINGS.map((encoding) => Type.Literal(encoding)), Type.Null()]),
  rows: Type.Integer(),
  /** Headers no field matched: ignored (a warning). */
  ignoredColumns: Type.Array(Type.String()),
  productsChanged: Type.Integer(),
  pricesChanged: Type.Integer(),
  stockChanged: Type.Integer(),
  detailsChanged: Type.Integer(),
  unchanged: Type.Integer(),
  pricePoints: Type.Integer(),
  /** With skip_bad_rows: the rows refused and their problems (the first LISTED_PROBLEMS). */
  rowsRefused: Type.Integer(),
  refused: Type.Array(ProblemSchema),
  dryRun: Type.Boolean(),
  /** Reading, checking and writing the file. */
  ms: Type.Integer(),
  /** The endpoint: until this instance's catalogue showed the change. */
  refreshMs: Type.Optional(Type.Integer()),
});

/** The problems a refusal lists; the total says how many there were. */
export const LISTED_PROBLEMS = 100;

export interface ImportRefusal {
  message: string;
  rows: number;
  problemCount: number;
  problems: ImportProblem[];
  /** Headers no field matched (ignored: not the reason for the refusal, but often a hint). */
  ignoredColumns: string[];
}

export function refusalOf(rows: number, problems: ImportProblem[], ignoredColumns: string[] = []): ImportRefusal {
  const count = problems.length;
  return {
    message: `the file has ${count} problem${count === 1 ? '' : 's'}: nothing was changed (--skip-bad-rows applies the good rows)`,
    rows,
    problemCount: count,
    problems: problems.slice(0, LISTED_PROBLEMS),
    ignoredColumns,
  };
}

/** "row 4, price: not a number ("12,3,4")". */
export function problemLine(problem: ImportProblem): string {
  const where = [problem.row === null ? 'file' : `row ${problem.row}`, problem.column].filter(Boolean).join(', ');
  return `${where}: ${problem.reason}`;
}

const number = (value: number) => value.toLocaleString('en-GB');

export function reportLines(report: ImportReport, name: string): string[] {
  const verb = report.dryRun ? 'checked (dry run, nothing written)' : 'imported';
  const read = [report.format.toUpperCase(), report.encoding].filter(Boolean).join(', ');
  return [
    `${name}: ${number(report.rows)} rows (${read}) ${verb} in ${number(report.ms)} ms`,
    `  products changed ${number(report.productsChanged)}: prices ${number(report.pricesChanged)}, stock ${number(report.stockChanged)}, ` +
      `names/categories/attributes ${number(report.detailsChanged)}; unchanged rows ${number(report.unchanged)}; price history points ${number(report.pricePoints)}`,
    ...ignoredLines(report.ignoredColumns),
    ...(report.rowsRefused > 0
      ? [
          `  refused ${number(report.rowsRefused)} row${report.rowsRefused === 1 ? '' : 's'} (--skip-bad-rows: the others were ${report.dryRun ? 'checked' : 'applied'}):`,
          ...report.refused.map((problem) => `    ${problemLine(problem)}`),
          ...(report.rowsRefused > new Set(report.refused.map((problem) => problem.row)).size ? ['    …'] : []),
        ]
      : []),
  ];
}

function ignoredLines(ignored: string[]): string[] {
  return ignored.length > 0
    ? [
        `  warning: ignored column${ignored.length === 1 ? '' : 's'} ${ignored.map((header) => `"${header}"`).join(', ')} (no field matches; map it with --map or a profile)`,
      ]
    : [];
}

export function refusalLines(refusal: ImportRefusal, name: string): string[] {
  const more = refusal.problemCount - refusal.problems.length;
  return [
    `${name}: ${refusal.message}`,
    ...refusal.problems.map((problem) => `  ${problemLine(problem)}`),
    ...(more > 0 ? [`  … and ${number(more)} more`] : []),
    ...ignoredLines(refusal.ignoredColumns ?? []),
  ];
}
