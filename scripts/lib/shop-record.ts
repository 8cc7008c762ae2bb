import fs from 'node:fs';
import path from 'node:path';

/**
 * What `npm start` and `npm run start:cluster` leave in VAR_DIR for the commands that talk to
 * the shop they started (`registry`, `release`, `experiment`, `catalog:import --shop`): the URL
 * this machine reaches it on and the file of the operator token issued for that URL. The two
 * travel together: a command uses the token only with the URL it was recorded with, so a shop on
 * another port is found through its VAR_DIR and its token never goes to whatever listens on :3000.
 */
export interface ShopRecord {
  /** The shop's base URL as this machine reaches it (loopback or the balancer), ending in `/`. */
  url: string;
  /** The operator token's file (mode 600): VAR_DIR's for npm start, the cluster's run folder's for start:cluster. */
  tokenFile: string;
  startedBy: 'npm start' | 'npm run start:cluster';
  pid: number;
  startedAt: string;
  /** A developer's shop (npm start): `release --bump` gives prerelease versions (1.0.1-dev.0) there. */
  dev: boolean;
}

export function shopRecordFile(varDir: string): string {
  return path.join(varDir, 'shop.json');
}

export function recordShop(varDir: string, record: Omit<ShopRecord, 'pid' | 'startedAt'>): void {
  fs.mkdirSync(varDir, { recursive: true });
  const full: ShopRecord = { ...record, pid: process.pid, startedAt: new Date().toISOString() };
  fs.writeFileSync(shopRecordFile(varDir), `${JSON.stringify(full, null, 2)}\n`, { mode: 0o600 });
}

/** The recorded shop, or null when none was started with this VAR_DIR (or the record is unreadable). */
export function readShopRecord(varDir: string): ShopRecord | null {
  let parsed: Partial<ShopRecord>;
  try {
    parsed = JSON.parse(fs.readFileSync(shopRecordFile(varDir), 'utf8')) as Partial<ShopRecord>;
  } catch {
    return null;
  }
  if (typeof parsed.url !== 'string' || typeof parsed.tokenFile !== 'string') return null;
  return {
    url: parsed.url,
    tokenFile: parsed.tokenFile,
    startedBy: parsed.startedBy === 'npm run start:cluster' ? 'npm run start:cluster' : 'npm start',
    pid: Number(parsed.pid) || 0,
    startedAt: String(parsed.startedAt ?? ''),
    dev: parsed.dev !== false,
  };
}

/** Two URLs of the same shop: same scheme, host and port (`localhost` and `127.0.0.1` are not the same host). */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
