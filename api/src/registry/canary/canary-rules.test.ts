import { DEFAULT_THRESHOLDS } from '../../config';
import { decideCanary, stepsFrom } from './canary-rules';

const signals = (pageViews: number, errors = 0, extra: Partial<Parameters<typeof decideCanary>[0] & object> = {}) => ({
  pageViews,
  visitors: 40,
  failingVisitors: errors > 0 ? Math.min(errors, 40) : 0,
  errorRate: pageViews > 0 ? errors / pageViews : null,
  fallbackRate: pageViews > 0 ? 0 : null,
  renders: 100,
  renderFailures: 0,
  budgetMisses: 0,
  inpP75Ms: 100,
  lcpP75Ms: 1500,
  ...extra,
});
const state = (percent = 5, stepMinutes = 10, paused = false) => ({ percent, steps: [5, 25, 50, 100], stepMinutes, paused });

describe('canary decisions', () => {
  test.each([
    ['too little traffic: wait', signals(49, 10), signals(1000), state(), 'wait', /49 of 50 page views/],
    ['healthy, the step has lasted: the next step', signals(60), signals(1000, 5), state(5), 'advance', /on to 25 %/],
    ['healthy at 25 %: 50 %', signals(60), signals(1000), state(25), 'advance', /on to 50 %/],
    ['healthy at the last step below 100: promoted', signals(60), signals(1000), state(50), 'promote', /promoted/],
    ['healthy but the step is young: wait', signals(60), signals(1000), state(5, 2), 'wait', /the step lasts 5 min \(2 so far\)/],
    ['healthy but paused: wait', signals(60), signals(1000), state(5, 60, true), 'wait', /paused/],
    [
      'error rate above the stable one by more than 2 points: rollback',
      signals(60, 3),
      signals(1000, 5),
      state(),
      'rollback',
      /error rate 5.00 % against 0.50 %/,
    ],
    ['error rate within 2 points of a noisy stable one: fine', signals(60, 3), signals(1000, 40), state(), 'advance', /healthy/],
    ['unhealthy while paused: still rolled back', signals(60, 30), signals(1000), state(5, 60, true), 'rollback', /error rate 50.00 %/],
    ['unhealthy in a young step: rolled back at once', signals(60, 30), signals(1000), state(5, 0), 'rollback', /error rate/],
    ['fallbacks: rollback', signals(60, 0, { fallbackRate: 0.1, failingVisitors: 6 }), signals(1000), state(), 'rollback', /fallback rate 10.00 %/],
    ['server renders failing: rollback', signals(60, 0, { renders: 90, renderFailures: 10 }), signals(1000), state(), 'rollback', /server failures 10.00 %/],
    [
      'p75 INP 1.5× the stable: rollback',
      signals(60, 0, { inpP75Ms: 300 }),
      signals(1000, 0, { inpP75Ms: 200 }),
      state(),
      'rollback',
      /p75 INP ≤300 ms against ≤200 ms/,
    ],
    ['p75 LCP 1.2× the stable: fine', signals(60, 0, { lcpP75Ms: 1800 }), signals(1000, 0, { lcpP75Ms: 1500 }), state(), 'advance', /healthy/],
    ['no stable figures (a new remote): judged against zero', signals(60, 3), null, state(), 'rollback', /error rate 5.00 % against 0.00 %/],
    ['no vitals on a side: not compared', signals(60, 0, { inpP75Ms: null }), signals(1000), state(), 'advance', /healthy/],
    // No visitor alone moves a canary, either way.
    [
      'enough page views from too few visitors: wait',
      signals(60, 0, { visitors: 9 }),
      signals(1000),
      state(),
      'wait',
      /60 of 50 page views from 9 of 10 visitors/,
    ],
    [
      'failing page views from too few visitors: held, not rolled back',
      signals(60, 30, { failingVisitors: 2 }),
      signals(1000),
      state(),
      'wait',
      /error rate 50.00 % against 0.00 % \(allowed \+2.00 %\) — from 2 of the 3 distinct visitors it takes/,
    ],
    ['failing page views from three visitors: rolled back', signals(60, 30, { failingVisitors: 3 }), signals(1000), state(), 'rollback', /error rate 50.00 %/],
    [
      "the server's own failures need no visitors",
      signals(60, 0, { renders: 90, renderFailures: 10, failingVisitors: 0 }),
      signals(1000),
      state(),
      'rollback',
      /server failures 10.00 %/,
    ],
  ])('%s', (_name, canary, stable, current, action, reason) => {
    const decision = decideCanary(canary, stable, current, DEFAULT_THRESHOLDS);
    expect(decision.action).toBe(action);
    expect(decision.reason).toMatch(reason);
  });

  test.each([
    [5, [5, 25, 50, 100]],
    [10, [10, 25, 50, 100]],
    [50, [50, 100]],
    [100, [100]],
  ])('a canary started at %p %% steps through %p', (start, steps) => {
    expect(stepsFrom(start)).toEqual(steps);
  });
});
