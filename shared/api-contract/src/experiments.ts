import { Type, type Static } from '@sinclair/typebox';
import { answers, ErrorEnvelope, Nullable } from './envelope';
import { REMOTE_NAME } from './remote-name';

/**
 * A/B experiments (docs/experiments.md). The shell tells the API once per page that an
 * A/B-tested remote rendered for the shopper (the exposure); which variant and build that was
 * comes from the shopper's signed `kf_ab` cookie, never from this body. Operators read the
 * report over the registry's API (`npm run experiment -- report checkout`).
 */

/** `POST /api/experiments/exposures` {remote} → 204, recorded or not (no A/B test for this shopper). */
export const ExperimentExposureRoute = {
  body: Type.Object({ remote: Type.String({ pattern: REMOTE_NAME }) }, { additionalProperties: false }),
  response: { 204: Type.Null(), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
};

/** A variant against the control: the two-proportion z-test of their conversion rates. */
const Comparison = Type.Object({
  /** Treatment rate minus control rate (absolute), and relative to the control's rate (null when the control converted nobody). */
  difference: Type.Number(),
  relative: Nullable(Type.Number()),
  /** Two-sided 95 % confidence interval of the difference. */
  interval: Type.Tuple([Type.Number(), Type.Number()]),
  z: Type.Number(),
  pValue: Type.Number(),
  significant: Type.Boolean(),
});

export const ExperimentVariantResult = Type.Object({
  variant: Type.String(),
  weight: Type.Number(),
  shoppers: Type.Integer(),
  converted: Type.Integer(),
  orders: Type.Integer(),
  conversionRate: Nullable(Type.Number()),
  /** PLN. */
  revenue: Type.Number(),
  revenuePerShopper: Nullable(Type.Number()),
  /** Against the control (null for the control itself, or while a side has no shopper). */
  comparison: Nullable(Comparison),
});

/** The experiment report (docs/experiments.md), as the API computes it (api/src/experiments/report.ts) and the registry answers it. */
export const ExperimentReport = Type.Object({
  experiment: Type.String(),
  control: Type.String(),
  since: Nullable(Type.String()),
  variants: Type.Array(ExperimentVariantResult),
  /** Shoppers left out: QA's forced visits, and shoppers who met more than one variant. */
  excluded: Type.Object({ forced: Type.Integer(), crossed: Type.Integer() }),
  sampleRatio: Nullable(Type.Object({ chiSquare: Type.Number(), pValue: Type.Number(), mismatch: Type.Boolean() })),
  /** Shoppers per variant to detect `lift` on the control's rate (α 0.05 two-sided, power 0.8), and how many more that is. */
  power: Nullable(Type.Object({ lift: Type.Number(), perVariant: Type.Integer(), more: Type.Integer() })),
});
export type ExperimentReport = Static<typeof ExperimentReport>;

/** `GET /registry/v1/experiments/:remote/report?since=&lift=` (the remote's team or an operator). */
export const ExperimentReportRoute = {
  params: Type.Object({ remote: Type.String({ pattern: REMOTE_NAME }) }),
  querystring: Type.Object({
    /** Only shoppers first exposed from this time on (ISO 8601). */
    since: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})?)?$' })),
    /** The relative lift to size the test for, in percent (default 10). */
    lift: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000 })),
  }),
  response: answers(ExperimentReport),
};
