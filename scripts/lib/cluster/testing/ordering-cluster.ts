import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadShopSettings } from '../../../../composition/shop-settings';
import { startCluster, type ClusterOptions, type RunningCluster } from '../../cluster';
import { plainSkus } from '../cluster-database';

export interface OrderingCluster {
  cluster: RunningCluster;
  /** Eight plain SKUs with stock enough for any test (a million each). */
  skus: string[];
  /** Stops the cluster and removes its VAR_DIR. */
  stop(): Promise<void>;
}

/**
 * The fault tests' shop (an instance killed, the database failing over): 2 API-only instances
 * behind HAProxy on a balancer port of their own, a 300-product catalogue, a VAR_DIR of its own —
 * and whatever `options` add (a replica, the instances' environment).
 */
export async function startOrderingCluster(name: string, options: Pick<ClusterOptions, 'replica' | 'instanceEnv'> = {}): Promise<OrderingCluster> {
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), `kaloryfer-${name}-test-`));
  let skus: string[] = [];
  const cluster = await startCluster({
    ...options,
    config: loadShopSettings({ VAR_DIR: varDir, LOG_LEVEL: 'warn' }),
    instances: 2,
    pages: false,
    balancerPort: 0,
    seed: { products: 300, seed: 2026 },
    prepare: async (db) => {
      skus = await plainSkus(db, 8, 1_000_000);
    },
    log: () => {},
  }).catch((error: unknown) => {
    fs.rmSync(varDir, { recursive: true, force: true });
    throw error;
  });
  return {
    cluster,
    skus,
    async stop() {
      await cluster.stop();
      fs.rmSync(varDir, { recursive: true, force: true });
    },
  };
}
