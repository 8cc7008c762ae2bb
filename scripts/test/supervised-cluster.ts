import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadShopSettings } from '../../composition/shop-settings';
import { startCluster, type RunningCluster, type SuperviseOptions } from '../lib/cluster';
import type { SupervisorEvent } from '../lib/cluster/supervisor';

/**
 * The supervisor tests' cluster: `instances` (and `spares`) on a throwaway PostgreSQL behind
 * HAProxy, API only, 200 products, supervised with `supervise` — started before the file's tests
 * (the jest hooks are registered here) and stopped after them. `events` and `lines` collect what
 * the supervisor reported and the cluster logged; `waitFor` polls until a test answers something.
 */
export function supervisedCluster(options: { instances: number; spares?: number; supervise: Omit<SuperviseOptions, 'onEvent'> }) {
  const events: SupervisorEvent[] = [];
  const lines: string[] = [];
  let varDir = '';
  const harness = {
    cluster: undefined as unknown as RunningCluster,
    events,
    lines,
    /** Polls `test` every 50 ms until it answers something (not undefined); fails after `timeoutMs` with the cluster's log so far. */
    async waitFor<T>(what: string, test: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await test();
        if (value !== undefined) return value;
        if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  beforeAll(async () => {
    varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-supervised-test-'));
    harness.cluster = await startCluster({
      config: loadShopSettings({ VAR_DIR: varDir, LOG_LEVEL: 'warn' }),
      instances: options.instances,
      spares: options.spares,
      pages: false,
      balancerPort: 0,
      seed: { products: 200, seed: 2026 },
      supervise: { ...options.supervise, onEvent: (event) => events.push(event) },
      log: (line) => lines.push(line),
    });
  }, 120_000);
  afterAll(async () => {
    await harness.cluster?.stop();
    fs.rmSync(varDir, { recursive: true, force: true });
  });
  return harness;
}
