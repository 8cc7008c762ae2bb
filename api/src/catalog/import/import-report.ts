import { Type } from '@sinclair/typebox';
import type { ImportProblem } from './import-file';
import type { ImportReport } from './apply-import';

/**
 * How an import's outcome is told: the answer's schema (the endpoint's 200), the refusal's
 * problem list (capped: a file with a wrong separator has a problem on every row), and the lines
 * the CLI prints.
 */
export const ImportReportSchema = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('json')]),
  rows: Type.Integer(),
  productsChanged: Type.Integer(),
  pricesChanged: Type.Integer(),
  stockChanged: Type.Integer(),
  detailsChanged: Type.Integer(),
  unchanged: Type.Integer(),
  pricePoints: Type.Integer(),
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
}

export function refusalOf(rows: number, problems: ImportProblem[]): ImportRefusal {
  const count = problems.length;
  return {
    message: `the file has ${count} problem${count === 1 ? '' : 's'}: nothing was changed`,
    rows,
    problemCount: count,
    problems: problems.slice(0, LISTED_PROBLEMS),
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
  return [
    `${name}: ${number(report.rows)} rows (${report.format.toUpperCase()}) ${verb} in ${number(report.ms)} ms`,
    `  products changed ${number(report.productsChanged)}: prices ${number(report.pricesChanged)}, stock ${number(report.stockChanged)}, ` +
      `names/categories/attributes ${number(report.detailsChanged)}; unchanged rows ${number(report.unchanged)}; price history points ${number(report.pricePoints)}`,
  ];
}

export function refusalLines(refusal: ImportRefusal, name: string): string[] {
  const more = refusal.problemCount - refusal.problems.length;
  return [
    `${name}: ${refusal.message}`,
    ...refusal.problems.map((problem) => `  ${problemLine(problem)}`),
    ...(more > 0 ? [`  … and ${number(more)} more`] : []),
  ];
}
