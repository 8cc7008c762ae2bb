import { DEFAULT_THRESHOLDS, type CanaryThresholds } from '../../config';
import type { BuildSignals } from '../../signals';

/*
 * When a canary moves on, waits or is rolled back (docs/releasing.md, "Canaries"): its build's
 * signals against the stable build's over the same window — the current step, both serving at
 * once. Pure: the controller (canary-controller.ts) feeds it the numbers and records the answer
 * with them. Its thresholds and their defaults are settings (config.ts: CanaryThresholds).
 */

/** The canary's traffic steps, in per cent. */
export const DEFAULT_STEPS = [5, 25, 50, 100];

export type CanaryDecision =
  | { action: 'wait'; reason: string }
  | { action: 'advance'; to: number; reason: string }
  | { action: 'promote'; reason: string }
  | { action: 'rollback'; reason: string };

export interface CanaryState {
  percent: number;
  steps: number[];
  /** Minutes since the current step began. */
  stepMinutes: number;
  paused: boolean;
}

type Figures = Pick<
  BuildSignals,
  'pageViews' | 'visitors' | 'failingVisitors' | 'errorRate' | 'fallbackRate' | 'renders' | 'renderFailures' | 'budgetMisses' | 'inpP75Ms' | 'lcpP75Ms'
>;

const NONE: Figures = {
  pageViews: 0,
  visitors: 0,
  failingVisitors: 0,
  errorRate: null,
  fallbackRate: null,
  renders: 0,
  renderFailures: 0,
  budgetMisses: 0,
  inpP75Ms: null,
  lcpP75Ms: null,
};
const pct = (value: number) => `${(value * 100).toFixed(2)} %`;
const serverFailureRate = (figures: Figures) => {
  const asked = figures.renders + figures.renderFailures + figures.budgetMisses;
  return asked === 0 ? null : (figures.renderFailures + figures.budgetMisses) / asked;
};

/** The shares a canary started at `percent` steps through: the default steps above it, ending at 100. */
export function stepsFrom(percent: number, steps: number[] = DEFAULT_STEPS): number[] {
  return [percent, ...steps.filter((step) => step > percent)]
    .filter((step, index, all) => all.indexOf(step) === index)
    .concat(steps.includes(100) || percent === 100 ? [] : [100]);
}

/**
 * The canary's verdict. Too little traffic — fewer page views or distinct visitors than the
 * minimum — → wait. Unhealthy → rollback, paused or not: on the server's own figures (its renders
 * failing or late) at once; on the browsers' (failing or falling-back page views, web vitals,
 * counted only from page views the page server minted a token for) once enough distinct
 * visitors met a failure, so no visitor alone can roll it back. Healthy but the step is young,
 * or paused → wait; healthy and the step has lasted → the next step, or promotion after the last
 * below 100.
 */
export function decideCanary(
  canarySignals: Figures | null,
  stableSignals: Figures | null,
  state: CanaryState,
  thresholds: CanaryThresholds = DEFAULT_THRESHOLDS,
): CanaryDecision {
  const canary = canarySignals ?? NONE;
  const stable = stableSignals ?? NONE;
  if (canary.pageViews < thresholds.minPageViews || canary.visitors < thresholds.minVisitors) {
    return {
      action: 'wait',
      reason: `${canary.pageViews} of ${thresholds.minPageViews} page views from ${canary.visitors} of ${thresholds.minVisitors} visitors of the canary in this step`,
    };
  }
  const failures: string[] = [];
  const held: string[] = [];
  const compare = (name: string, mine: number | null, theirs: number | null, allowed: number, fromBrowsers: boolean) => {
    if (mine === null || mine - (theirs ?? 0) <= allowed) return;
    const finding = `${name} ${pct(mine)} against ${pct(theirs ?? 0)} (allowed +${pct(allowed)})`;
    // The browsers' word needs failures from enough visitors: one visitor cannot make them up.
    if (fromBrowsers && canary.failingVisitors < thresholds.minFailingVisitors) held.push(finding);
    else failures.push(finding);
  };
  compare('error rate', canary.errorRate, stable.errorRate, thresholds.maxErrorRateIncrease, true);
  compare('fallback rate', canary.fallbackRate, stable.fallbackRate, thresholds.maxFallbackRateIncrease, true);
  compare('server failures', serverFailureRate(canary), serverFailureRate(stable), thresholds.maxServerFailureIncrease, false);
  for (const [name, mine, theirs] of [
    ['p75 INP', canary.inpP75Ms, stable.inpP75Ms],
    ['p75 LCP', canary.lcpP75Ms, stable.lcpP75Ms],
  ] as const) {
    if (mine !== null && theirs !== null && theirs > 0 && mine / theirs > thresholds.maxVitalRatio)
      failures.push(`${name} ≤${mine} ms against ≤${theirs} ms (allowed ×${thresholds.maxVitalRatio})`);
  }
  if (failures.length > 0) return { action: 'rollback', reason: `unhealthy over ${canary.pageViews} page views: ${failures.join('; ')}` };
  if (held.length > 0) {
    return {
      action: 'wait',
      reason: `${held.join('; ')} — from ${canary.failingVisitors} of the ${thresholds.minFailingVisitors} distinct visitors it takes: waiting for more`,
    };
  }
  const healthy = `healthy over ${canary.pageViews} page views (error rate ${pct(canary.errorRate ?? 0)} against ${pct(stable.errorRate ?? 0)})`;
  if (state.paused) return { action: 'wait', reason: `paused; ${healthy}` };
  if (state.stepMinutes < thresholds.minStepMinutes)
    return { action: 'wait', reason: `${healthy}; the step lasts ${thresholds.minStepMinutes} min (${Math.floor(state.stepMinutes)} so far)` };
  const next = state.steps.find((step) => step > state.percent);
  if (next === undefined || next >= 100) return { action: 'promote', reason: `${healthy} at ${state.percent} %: promoted` };
  return { action: 'advance', to: next, reason: `${healthy} at ${state.percent} %: on to ${next} %` };
}
