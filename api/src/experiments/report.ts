import type { ExperimentReport } from '@kaloryfer/api-contract';
import { compareProportions, sampleRatioCheck, sampleSizePerVariant } from './statistics';

/** One group of exposure rows, as the database sums them (experiments.ts). */
export interface VariantCounts {
  variant: string;
  forced: boolean;
  crossed: boolean;
  /** Shoppers exposed, shoppers with at least one order, their orders and what those came to. */
  shoppers: number;
  converted: number;
  orders: number;
  revenueGrosze: number;
}

export interface ReportInput {
  experiment: string;
  /** The control variant and every variant's configured weight (the live registry). */
  control: string;
  weights: Record<string, number>;
  counts: VariantCounts[];
  /** The relative lift of the control's conversion the test should be able to detect (0.1 = +10 %). */
  lift: number;
  since: string | null;
}

/** A variant's line of the report (the contract's `ExperimentReport`, the registry's answer). */
type VariantResult = ExperimentReport['variants'][number];

const ALPHA = 0.05;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The experiment report (docs/experiments.md): per variant, shoppers exposed, converters, orders,
 * conversion rate and revenue per exposed shopper; each variant against the control with the
 * two-proportion z-test (difference, its 95 % interval, p-value); the sample-ratio check of the
 * split against the configured weights; and the shoppers still needed to detect `lift`.
 * Counting is by assignment: a shopper is in the variant they were first shown.
 */
export function experimentReport(input: ReportInput): ExperimentReport {
  const counted = input.counts.filter((row) => !row.forced && !row.crossed);
  const excluded = {
    forced: input.counts.filter((row) => row.forced).reduce((sum, row) => sum + row.shoppers, 0),
    crossed: input.counts.filter((row) => !row.forced && row.crossed).reduce((sum, row) => sum + row.shoppers, 0),
  };
  const names = [...new Set([input.control, ...Object.keys(input.weights), ...counted.map((row) => row.variant)])];
  const totals = names.map((variant) => {
    const rows = counted.filter((row) => row.variant === variant);
    const sum = (pick: (row: VariantCounts) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return {
      variant,
      weight: input.weights[variant] ?? 0,
      shoppers: sum((row) => row.shoppers),
      converted: sum((row) => row.converted),
      orders: sum((row) => row.orders),
      revenueGrosze: sum((row) => row.revenueGrosze),
    };
  });
  const control = totals.find((total) => total.variant === input.control)!;
  const variants: VariantResult[] = totals.map((total) => {
    const comparison =
      total.variant === input.control
        ? null
        : compareProportions({ successes: control.converted, trials: control.shoppers }, { successes: total.converted, trials: total.shoppers });
    return {
      variant: total.variant,
      weight: total.weight,
      shoppers: total.shoppers,
      converted: total.converted,
      orders: total.orders,
      conversionRate: total.shoppers > 0 ? total.converted / total.shoppers : null,
      revenue: total.revenueGrosze / 100,
      revenuePerShopper: total.shoppers > 0 ? round(total.revenueGrosze / 100 / total.shoppers, 2) : null,
      comparison: comparison ? { ...comparison, significant: comparison.pValue < ALPHA } : null,
    };
  });
  // The split is checked among the variants still drawing shoppers, against their weights.
  const drawing = totals.filter((total) => total.weight > 0);
  const sampleRatio = sampleRatioCheck(
    drawing.map((total) => total.shoppers),
    drawing.map((total) => total.weight),
  );
  const baseline = control.shoppers > 0 ? control.converted / control.shoppers : null;
  const perVariant = baseline === null ? null : sampleSizePerVariant(baseline, input.lift, { alpha: ALPHA, power: 0.8 });
  const power =
    perVariant === null ? null : { lift: input.lift, perVariant, more: drawing.reduce((sum, total) => sum + Math.max(0, perVariant - total.shoppers), 0) };
  return { experiment: input.experiment, control: input.control, since: input.since, variants, excluded, sampleRatio, power };
}
