import type { BuildSignals } from '@kaloryfer/api-contract';

const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(2)} %`);
const ms = (value: number | null) => (value === null ? '—' : `≤${value} ms`);

/** Each build's signals as `npm run registry -- signals <remote>` prints them (docs/releasing.md, "Signals"). */
export function signalLines(answer: { since: string; builds: BuildSignals[] }): string[] {
  if (answer.builds.length === 0) return [`no signals since ${answer.since}`];
  const lines = [`since ${answer.since}:`];
  for (const build of answer.builds) {
    lines.push(`  ${build.remote} ${build.version} (build ${build.build.slice(0, 12)})`);
    lines.push(
      `    server: ${build.renders} rendered (p50 ${ms(build.renderP50Ms)}, p95 ${ms(build.renderP95Ms)}), ${build.renderFailures} failed, ${build.budgetMisses} over budget, ${build.fallbacks} left to the browser`,
    );
    lines.push(
      `    browsers: ${build.pageViews} page views, ${build.errors} errors and ${build.mountFailures} mount failures (${rate(build.errorRate)} of views), ${build.browserFallbacks} fallbacks (${rate(build.fallbackRate)})`,
    );
    lines.push(`    web vitals p75: LCP ${ms(build.lcpP75Ms)}, INP ${ms(build.inpP75Ms)}, CLS ${build.clsP75 === null ? '—' : `≤${build.clsP75}`}`);
  }
  return lines;
}
