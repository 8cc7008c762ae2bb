import { experimentReport } from '../../api/public/experiments';
import { experimentReportLines } from './experiment-report-text';

const row = (variant: string, shoppers: number, converted: number) => ({
  variant,
  forced: false,
  crossed: false,
  shoppers,
  converted,
  orders: converted,
  revenueGrosze: converted * 150_000,
});
const text = (counts: ReturnType<typeof row>[], weights = { a: 50, b: 50 }) =>
  experimentReportLines(experimentReport({ experiment: 'checkout', control: 'a', weights, counts, lift: 0.25, since: null })).join('\n');

describe('the report as npm run experiment prints it', () => {
  test('a significant difference: the figures, the interval, the verdict, the split and the sample size', () => {
    const printed = text([row('a', 1000, 200), row('b', 1000, 250)]);
    expect(printed).toContain('checkout: A/B test, control a');
    expect(printed).toMatch(/ a +50 +1000 +200 +200 +20\.00 % +300,00 zł/);
    expect(printed).toMatch(/ b +50 +1000 +250 +250 +25\.00 % +375,00 zł/);
    expect(printed).toContain('b against a: conversion +5.00 pp (+25.0 % relative), 95 % interval +1.35 pp to +8.65 pp, z 2.68, p 0.0074 — significant at 5 %');
    expect(printed).toContain('split as the weights say: χ² 0.00, p 1.0000');
    expect(printed).toContain('1094 shoppers per variant (α 0.05, power 0.8) — 188 more in all');
  });

  test('a mismatched split is shouted; no shopper yet says so', () => {
    expect(text([row('a', 5000, 500), row('b', 5500, 550)])).toContain('SAMPLE RATIO MISMATCH');
    const empty = text([]);
    expect(empty).toContain('b against a: not yet comparable');
    expect(empty).toContain('split check: not yet');
    expect(empty).toContain('sample size: not yet');
  });
});
