import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ShopMetrics } from '../../api/public/metrics';
import { prometheusConfig } from '../lib/cluster/prometheus';
import { REPO_ROOT } from '../lib/repo-root';

/**
 * The on-call person's alerts and dashboard (issue #54, docs/operations.md): the rules are valid
 * (`promtool check rules`) and do what their tests say on synthetic series (`promtool test
 * rules`: a burst of fallbacks, a checkout error burst, a canary rollback fire theirs; a normal
 * day fires nothing); every alert can be acted on (severity, summary, description, a runbook
 * link to a heading that exists); and the rules and the dashboard's queries name only series
 * the shop exports (ShopMetrics' /metrics, the rules' own recordings, Prometheus' `up`) — a
 * renamed metric would otherwise leave an alert that can never fire. promtool comes with
 * Debian's `prometheus` package (.ci/run installs it).
 */
const PROMTOOL = process.env.PROMTOOL_BIN ?? 'promtool';
const RULES = path.join(REPO_ROOT, 'ops/prometheus/alerts.yml');
const RULE_TESTS = path.join(REPO_ROOT, 'ops/prometheus/alerts.test.yml');
const DASHBOARD = path.join(REPO_ROOT, 'ops/grafana/kaloryfer.json');
const OPERATIONS = path.join(REPO_ROOT, 'docs/operations.md');

/** Runs promtool; a failure is thrown with everything promtool said. */
function promtool(...args: string[]): string {
  try {
    return execFileSync(PROMTOOL, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { code?: string; stdout?: string; stderr?: string; message: string };
    if (failed.code === 'ENOENT') throw new Error(`${PROMTOOL} not found: apt-get install prometheus (Debian's package ships promtool), or set PROMTOOL_BIN`);
    throw new Error(`promtool ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`);
  }
}

const rulesText = fs.readFileSync(RULES, 'utf8');
const withoutComments = (text: string) => text.replace(/^\s*#.*$/gm, '');

/** Each rule of alerts.yml: its kind and name, its expression, and the rest of its lines. */
function rules(): { kind: 'alert' | 'record'; name: string; expr: string; text: string }[] {
  return withoutComments(rulesText)
    .split(/^(?=\s*- (?:alert|record|name):)/m)
    .map((chunk) => chunk.match(/^\s*- (alert|record): (\S+)\n([\s\S]*)$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map(([, kind, name, text]) => {
      const block = text.match(/^([ ]*)expr: \|\n((?:\1[ ]+.*\n?)+)/m);
      const line = text.match(/^\s*expr: (?!\|)(.+)$/m);
      return { kind: kind as 'alert' | 'record', name, expr: (block ? block[2] : line![1]).trim(), text };
    });
}

/** The series names an expression selects: every kf_/kf: name, and any name before a selector or a range. */
function seriesIn(expr: string): string[] {
  const code = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const names = [...code.matchAll(/\bkf[_:][\w:]*/g), ...code.matchAll(/(?<![\w$])([a-zA-Z_:][\w:]*)\s*[{[]/g)].map((match) => match[1] ?? match[0]);
  return [...new Set(names)].filter((name) => !['by', 'without', 'on', 'ignoring', 'offset'].includes(name));
}

/** What the shop exports (histograms as their _bucket, _sum and _count), the rules' recordings, and Prometheus' up. */
async function knownSeries(): Promise<Set<string>> {
  const metrics = new ShopMetrics();
  metrics.watchPool(() => ({ total: 0, idle: 0, waiting: 0, max: 1 }));
  metrics.watchReplication(async () => ({ expected: true, streaming: 1, lagSeconds: 0 }));
  const { text } = await metrics.exposition();
  const known = new Set(['up']);
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) known.add(name + suffix);
    else known.add(name);
  }
  for (const rule of rules()) if (rule.kind === 'record') known.add(rule.name);
  return known;
}

/** A Markdown heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

test('promtool check rules: the rules are valid', () => {
  expect(promtool('check', 'rules', RULES)).toMatch(/SUCCESS: \d+ rules found/);
});

test('promtool test rules: the alerts fire on the synthetic bursts and not on a normal day', () => {
  expect(promtool('test', 'rules', RULE_TESTS)).toMatch(/SUCCESS/);
});

test("the normal day's test looks at every alert, more than once, and expects none", () => {
  const tests = fs.readFileSync(RULE_TESTS, 'utf8');
  const normalDay = tests.slice(tests.indexOf('- name: a normal day fires nothing'), tests.indexOf('\n  - name:', tests.indexOf('- name: a normal day')));
  const alerts = rules().filter((rule) => rule.kind === 'alert');
  expect(alerts.length).toBeGreaterThanOrEqual(10);
  for (const { name } of alerts) {
    const quiet = normalDay.match(new RegExp(`alertname: ${name}, exp_alerts: \\[\\] \\}`, 'g')) ?? [];
    expect([name, quiet.length >= 3]).toEqual([name, true]);
  }
});

test('every alert says how bad, what broke, and where its runbook is — a heading of docs/operations.md', () => {
  const anchors = new Set(
    [
      ...fs
        .readFileSync(OPERATIONS, 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .matchAll(/^#{1,6} (.+)$/gm),
    ].map(([, heading]) => slug(heading)),
  );
  for (const alert of rules().filter((rule) => rule.kind === 'alert')) {
    const severity = alert.text.match(/^\s+severity: (\S+)$/m)?.[1];
    const runbook = alert.text.match(/^\s+runbook_url: (\S+)$/m)?.[1] ?? '';
    expect({ alert: alert.name, severity: ['critical', 'warning'].includes(severity ?? ''), runbook: runbook.startsWith('docs/operations.md#') }).toEqual({
      alert: alert.name,
      severity: true,
      runbook: true,
    });
    expect(alert.text).toMatch(/^\s+summary: \S/m);
    expect(alert.text).toMatch(/^\s+description: \S/m);
    expect([alert.name, anchors.has(runbook.split('#')[1])]).toEqual([alert.name, true]);
  }
});

test('the rules name only series the shop exports or the rules record', async () => {
  const known = await knownSeries();
  const unknown = rules().flatMap((rule) =>
    seriesIn(rule.expr)
      .filter((name) => !known.has(name))
      .map((name) => `${rule.name}: ${name}`),
  );
  // The annotations name series for the on-call person to look at: those must exist too.
  const named = [...withoutComments(rulesText).matchAll(/\bkf_[\w:]*/g)].map(([name]) => name).filter((name) => !known.has(name));
  expect([...unknown, ...named]).toEqual([]);
});

test("start:cluster's Prometheus configuration is one Prometheus takes, with the rules loaded and every instance a target", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-prometheus-'));
  try {
    const file = path.join(folder, 'prometheus.yml');
    const config = prometheusConfig({
      rules: RULES,
      targets: [
        { name: 'api1', port: 41001 },
        { name: 'api2', port: 41002 },
      ],
    });
    fs.writeFileSync(file, config);
    expect(promtool('check', 'config', file)).toMatch(/Checking .*ops\/prometheus\/alerts\.yml\s+SUCCESS: \d+ rules found/);
    expect(config).toContain("- targets: ['127.0.0.1:41002']\n        labels: { instance: 'api2' }");
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as {
    schemaVersion: number;
    uid: string;
    __inputs: { name: string; type: string; pluginId: string }[];
    panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string; datasource?: { uid: string } }[] }[];
  };
  const panels = dashboard.panels.filter((panel) => panel.type !== 'row');

  test('imports with its Prometheus data source asked for, every panel a query of it', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' })]);
    expect(panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of panels) {
      expect([panel.title, panel.datasource?.uid, panel.targets!.length > 0]).toEqual([panel.title, '${DS_PROMETHEUS}', true]);
      for (const target of panel.targets!)
        expect([panel.title, target.datasource?.uid, target.expr.length > 0]).toEqual([panel.title, '${DS_PROMETHEUS}', true]);
    }
    const titles = panels.map((panel) => panel.title).join(' | ');
    for (const wanted of [
      /requests per second/i,
      /page latency/i,
      /fallback share per remote and build/i,
      /orders per minute/i,
      /canary/i,
      /database pool/i,
      /web vitals/i,
    ])
      expect(titles).toMatch(wanted);
  });

  test("every panel's query names only series the shop exports or the rules record", async () => {
    const known = await knownSeries();
    const unknown = panels.flatMap((panel) =>
      panel.targets!.flatMap((target) =>
        seriesIn(target.expr)
          .filter((name) => !known.has(name))
          .map((name) => `${panel.title}: ${name}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  test("every panel's query is PromQL Prometheus takes (promtool checks them as rules)", () => {
    const queries = panels.flatMap((panel) => panel.targets!.map((target) => target.expr.replaceAll('$__rate_interval', '1m').replaceAll('$__range', '1h')));
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-dashboard-'));
    try {
      const file = path.join(folder, 'dashboard-queries.yml');
      const body = queries.map((expr, i) => `      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(expr)}`).join('\n');
      fs.writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${body}\n`);
      expect(promtool('check', 'rules', file)).toMatch(new RegExp(`SUCCESS: ${queries.length} rules found`));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
