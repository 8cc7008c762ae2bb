import type { ExperimentReport } from '@kaloryfer/api-contract';

const percent = (value: number | null, places = 2) => (value === null ? '—' : `${(value * 100).toFixed(places)} %`);
const points = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(2)} pp`;
const pln = (value: number | null) => (value === null ? '—' : `${value.toFixed(2).replace('.', ',')} zł`);
const pValue = (value: number) => (value < 0.0001 ? '< 0.0001' : value.toFixed(4));

/**
 * The experiment report as `npm run experiment -- report <remote>` prints it (docs/experiments.md,
 * "Reading the report"): a table per variant, each variant against the control, then the checks
 * that say whether the figures can be trusted yet.
 */
export function experimentReportLines(report: ExperimentReport): string[] {
  const lines = [`${report.experiment}: A/B test, control ${report.control}${report.since ? `, shoppers first exposed since ${report.since}` : ''}`, ''];
  lines.push(
    `  ${'variant'.padEnd(8)} ${'weight'.padStart(6)} ${'shoppers'.padStart(9)} ${'converted'.padStart(9)} ${'orders'.padStart(7)} ${'conversion'.padStart(11)} ${'revenue/shopper'.padStart(16)}`,
  );
  for (const variant of report.variants) {
    lines.push(
      `  ${variant.variant.padEnd(8)} ${String(variant.weight).padStart(6)} ${String(variant.shoppers).padStart(9)} ${String(variant.converted).padStart(9)} ${String(variant.orders).padStart(7)} ${percent(variant.conversionRate).padStart(11)} ${pln(variant.revenuePerShopper).padStart(16)}`,
    );
  }
  lines.push('');
  for (const variant of report.variants) {
    if (variant.variant === report.control) continue;
    const comparison = variant.comparison;
    if (!comparison) {
      lines.push(`  ${variant.variant} against ${report.control}: not yet comparable (a side has no shopper)`);
      continue;
    }
    const relative =
      comparison.relative === null ? '' : ` (${comparison.relative >= 0 ? '+' : '−'}${Math.abs(comparison.relative * 100).toFixed(1)} % relative)`;
    lines.push(
      `  ${variant.variant} against ${report.control}: conversion ${points(comparison.difference)}${relative}, 95 % interval ${points(comparison.interval[0])} to ${points(comparison.interval[1])}, z ${comparison.z.toFixed(2)}, p ${pValue(comparison.pValue)} — ${comparison.significant ? 'significant at 5 %' : 'not significant at 5 %'}`,
    );
  }
  if (report.sampleRatio) {
    lines.push(
      report.sampleRatio.mismatch
        ? `  SAMPLE RATIO MISMATCH: χ² ${report.sampleRatio.chiSquare.toFixed(2)}, p ${pValue(report.sampleRatio.pValue)} — the shoppers are not split as the weights say; do not trust the figures above until the cause is found`
        : `  split as the weights say: χ² ${report.sampleRatio.chiSquare.toFixed(2)}, p ${pValue(report.sampleRatio.pValue)} (a mismatch is p < 0.001)`,
    );
  } else lines.push('  split check: not yet (no shopper, or a single variant drawing shoppers)');
  if (report.power) {
    lines.push(
      report.power.more === 0
        ? `  enough shoppers to detect a ${(report.power.lift * 100).toFixed(0)} % relative lift of ${report.control}'s conversion (${report.power.perVariant} per variant, α 0.05, power 0.8)`
        : `  to detect a ${(report.power.lift * 100).toFixed(0)} % relative lift of ${report.control}'s conversion: ${report.power.perVariant} shoppers per variant (α 0.05, power 0.8) — ${report.power.more} more in all`,
    );
  } else lines.push(`  sample size: not yet (the control has no conversion to size the test on)`);
  if (report.excluded.forced > 0 || report.excluded.crossed > 0)
    lines.push(`  left out: ${report.excluded.forced} forced by ?mfe= (QA), ${report.excluded.crossed} who met more than one variant`);
  return lines;
}
