import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { freePort } from '../postgres-server';
import { endProcess, exitOf, portTaken, tail } from './processes';

/**
 * Prometheus from the distribution (Debian's `prometheus` package: `/usr/bin/prometheus`) beside
 * the cluster, for a trial (`npm run start:cluster -- --prometheus`, docs/operations.md): on a
 * loopback port, scraping every instance's /metrics — the spares' too — as job `kaloryfer`, with
 * the shop's alert rules (ops/prometheus/alerts.yml) loaded, so an alert can be seen pending and
 * firing on its /alerts page. Its configuration, log and data are in the cluster's run folder.
 * The instances let it read /metrics from loopback (METRICS_ALLOW, cluster.ts): no operator token
 * is handed to it.
 */
export const PROMETHEUS_BIN = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
export const ALERT_RULES = path.join(REPO_ROOT, 'ops/prometheus/alerts.yml');
/** The job the alert rules name (`up{job="kaloryfer"}`). */
export const SCRAPE_JOB = 'kaloryfer';

export interface PrometheusServer {
  url: string;
  port: number;
  pid: number;
  configFile: string;
  logFile: string;
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** prometheus.yml: every target by its instance's name (api1, api2…), scraped every 5 s; the rules evaluated every 15 s. */
export function prometheusConfig(options: { targets: { name: string; port: number }[]; rules: string; scrapeIntervalSeconds?: number }): string {
  const interval = `${options.scrapeIntervalSeconds ?? 5}s`;
  const targets = options.targets.map((target) => `      - targets: ['127.0.0.1:${target.port}']\n        labels: { instance: '${target.name}' }`).join('\n');
  return [
    '# Written by npm run start:cluster -- --prometheus (scripts/lib/cluster/prometheus.ts); rewritten at every start.',
    'global:',
    `  scrape_interval: ${interval}`,
    `  scrape_timeout: ${interval}`,
    '  evaluation_interval: 15s',
    'rule_files:',
    `  - ${JSON.stringify(options.rules)}`,
    'scrape_configs:',
    `  - job_name: ${SCRAPE_JOB}`,
    '    metrics_path: /metrics',
    '    static_configs:',
    targets,
    '',
  ].join('\n');
}

/** Prometheus as a child of this process; resolves once it answers ready (its rules loaded, its first scrapes due). */
export async function startPrometheus(options: {
  runDir: string;
  targets: { name: string; port: number }[];
  /** Where it listens on 127.0.0.1: PROMETHEUS_PORT, else a free port. */
  port?: number;
  rules?: string;
}): Promise<PrometheusServer> {
  if (!fs.existsSync(PROMETHEUS_BIN)) throw new Error(`Prometheus not found at ${PROMETHEUS_BIN}: apt-get install -y prometheus (or set PROMETHEUS_BIN)`);
  const port = options.port || (await freePort());
  if (await portTaken(port)) throw new Error(`port ${port} is taken: PROMETHEUS_PORT chooses another`);
  const configFile = path.join(options.runDir, 'prometheus.yml');
  fs.writeFileSync(configFile, prometheusConfig({ targets: options.targets, rules: options.rules ?? ALERT_RULES }));
  const logFile = path.join(options.runDir, 'prometheus.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(
    PROMETHEUS_BIN,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(options.runDir, 'prometheus-data')}`,
      '--storage.tsdb.retention.time=7d',
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  // Its pid in a file: a run killed before it could stop it leaves it to the next (stopLeftoverPrometheus).
  const pidFile = path.join(options.runDir, 'prometheus.pid');
  fs.writeFileSync(pidFile, `${child.pid}\n`);
  const exited = exitOf(child).then((code) => {
    fs.rmSync(pidFile, { force: true });
    return code;
  });
  const url = `http://127.0.0.1:${port}`;
  const server: PrometheusServer = {
    url,
    port,
    pid: child.pid!,
    configFile,
    logFile,
    exited,
    stop: () => endProcess(child.pid!, exited, 'SIGTERM', 10_000),
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Prometheus ended at its start:\n${tail(logFile)}`);
    try {
      if ((await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) })).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`Prometheus not ready after 30 s:\n${tail(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Stops a Prometheus an earlier run left behind in `runDir` (that run was killed before it could
 * stop it): the process named in its pid file, if it is still Prometheus with that configuration.
 */
export async function stopLeftoverPrometheus(runDir: string, log: (line: string) => void = console.log): Promise<void> {
  const pidFile = path.join(runDir, 'prometheus.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim().split('\n')[0]);
  let commandLine = '';
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    // not running
  }
  if (commandLine.includes('prometheus') && commandLine.includes(path.join(runDir, 'prometheus.yml'))) {
    log(`Prometheus of an earlier run is still running (pid ${pid}): stopping it`);
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 100 && fs.existsSync(`/proc/${pid}`); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fs.rmSync(pidFile, { force: true });
}
