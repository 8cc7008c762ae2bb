/**
 * The statistics of an A/B test's report (docs/experiments.md): pure functions, table-tested
 * against published values (statistics.test.ts). Conversion is a yes/no per exposed shopper, so
 * the variants are compared with the two-proportion z-test; the split of shoppers is checked
 * against the configured weights with a chi-square goodness-of-fit test (sample-ratio mismatch).
 */

/** erfc(x) with a fractional error below 1.2e-7 everywhere (Numerical Recipes, `erfcc`). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(Z ≤ z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** The z with P(Z ≤ z) = p (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`a probability strictly between 0 and 1, not ${p}`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, nine coefficients). */
function logGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = g[0];
  for (let i = 1; i < 9; i += 1) sum += g[i] / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Q(s, x) = Γ(s, x) / Γ(s): the series below s + 1, Lentz's continued fraction above. */
function upperRegularizedGamma(s: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + s * Math.log(x) - logGamma(s));
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n < 500 && Math.abs(term) > Math.abs(sum) * 1e-15; n += 1) {
      term *= x / (s + n);
      sum += term;
    }
    return 1 - sum * front;
  }
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i += 1) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return front * h;
}

/** P(X ≥ x) for X chi-square distributed with `degrees` degrees of freedom. */
export function chiSquareSurvival(x: number, degrees: number): number {
  return upperRegularizedGamma(degrees / 2, x / 2);
}

export interface Proportion {
  /** Shoppers who converted. */
  successes: number;
  /** Shoppers exposed. */
  trials: number;
}

export interface ProportionComparison {
  /** Treatment rate minus control rate (absolute). */
  difference: number;
  /** The difference relative to the control's rate (null when the control converted nobody). */
  relative: number | null;
  /** Two-sided confidence interval of the difference (unpooled standard error). */
  interval: [number, number];
  /** The z statistic (pooled standard error) and its two-sided p-value. */
  z: number;
  pValue: number;
}

/**
 * The two-proportion z-test of a treatment against the control: the p-value from the pooled
 * standard error (the null hypothesis says both rates are one), the confidence interval of the
 * difference from the unpooled one. Null when either side has no shopper or nobody varies.
 */
export function compareProportions(control: Proportion, treatment: Proportion, confidence = 0.95): ProportionComparison | null {
  if (control.trials === 0 || treatment.trials === 0) return null;
  const pA = control.successes / control.trials;
  const pB = treatment.successes / treatment.trials;
  const pooled = (control.successes + treatment.successes) / (control.trials + treatment.trials);
  const pooledError = Math.sqrt(pooled * (1 - pooled) * (1 / control.trials + 1 / treatment.trials));
  const error = Math.sqrt((pA * (1 - pA)) / control.trials + (pB * (1 - pB)) / treatment.trials);
  const difference = pB - pA;
  const zCritical = normalQuantile(1 - (1 - confidence) / 2);
  const z = pooledError === 0 ? 0 : difference / pooledError;
  return {
    difference,
    relative: pA === 0 ? null : difference / pA,
    interval: [difference - zCritical * error, difference + zCritical * error],
    z,
    pValue: pooledError === 0 ? 1 : 2 * (1 - normalCdf(Math.abs(z))),
  };
}

export interface SampleRatioCheck {
  chiSquare: number;
  pValue: number;
  /** Below the threshold (0.001 by default): the split is not the configured one — the results cannot be trusted. */
  mismatch: boolean;
}

/**
 * Sample-ratio mismatch: are the shoppers split as the weights say? A chi-square goodness-of-fit
 * test of the observed counts against the weights' shares, k − 1 degrees of freedom. The
 * customary threshold is p < 0.001 (a real mismatch is usually far below it; a looser one would
 * cry wolf in every twentieth healthy test).
 */
export function sampleRatioCheck(observed: number[], weights: number[], threshold = 0.001): SampleRatioCheck | null {
  const total = observed.reduce((sum, count) => sum + count, 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (observed.length < 2 || observed.length !== weights.length || total === 0 || weightSum <= 0 || weights.some((weight) => weight <= 0)) return null;
  const chiSquare = observed.reduce((sum, count, index) => {
    const expected = (total * weights[index]) / weightSum;
    return sum + (count - expected) ** 2 / expected;
  }, 0);
  const pValue = chiSquareSurvival(chiSquare, observed.length - 1);
  return { chiSquare, pValue, mismatch: pValue < threshold };
}

/**
 * Shoppers per variant needed to detect a relative lift of the control's conversion rate with a
 * two-sided test (Fleiss, Levin & Paik, formula 4.14, without continuity correction): the same
 * figure ClinCalc and G*Power give. Null when the rates make no sense (0, 1, or beyond).
 */
export function sampleSizePerVariant(baseline: number, relativeLift: number, { alpha = 0.05, power = 0.8 } = {}): number | null {
  const p1 = baseline;
  const p2 = baseline * (1 + relativeLift);
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1) || p1 === p2) return null;
  const mean = (p1 + p2) / 2;
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zBeta = normalQuantile(power);
  const root = zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root / (p2 - p1)) ** 2);
}
