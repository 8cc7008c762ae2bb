import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningShop } from './shop';
import { REPO_ROOT } from './repo-root';

/** The encodings Chromium accepts (its Accept-Encoding): a page is compressed for it. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** What autocannon reports of a load (its --json), as the benches read it. */
export interface Load {
  requests: { average: number; total?: number };
  latency: { p50: number; p99: number; max?: number };
  non2xx: number;
  errors: number;
}

/**
 * Pages asked at `connections` at once for `seconds` by autocannon in a child process (the load
 * generator's own work off the measured server's event loop): one request list, cycled, every
 * connection walking the same pages in turn. bench:web's throughput and bench:seo's page server
 * during a run use it. `acceptEncoding`: what the load says it accepts — none by default (the
 * bytes as made); `BROWSER_ENCODINGS` as Chromium asks, so the page server compresses each answer.
 */
export async function load(urls: string[], connections = 32, seconds = 10, acceptEncoding?: string): Promise<Load> {
  const autocannon = path.join(REPO_ROOT, 'node_modules/.bin/autocannon');
  const script = path.join(os.tmpdir(), `kaloryfer-bench-${process.pid}-${Date.now()}.cjs`);
  const requestHeaders: Record<string, string> = { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
  fs.writeFileSync(
    script,
    `const urls = ${JSON.stringify(urls.map((url) => new URL(url).pathname + new URL(url).search))};
let next = 0;
const headers = ${JSON.stringify(requestHeaders)};
module.exports = (client) => { client.setRequest({ path: urls[next++ % urls.length], headers }); };\n`,
  );
  try {
    const args = [
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '--json',
      ...Object.entries(requestHeaders).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
      ...(urls.length > 1 ? ['--setupClient', script] : []),
      urls[0],
    ];
    const { stdout } = await promisify(execFile)(autocannon, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as Load;
  } finally {
    fs.rmSync(script, { force: true });
  }
}

/** The `count` most viewed products' pages (simple and configurable), asked 200 at a time (the search's most per page). */
export async function productPages(shop: Pick<RunningShop, 'url'>, count = 1000): Promise<string[]> {
  const pages: string[] = [];
  for (let from = 0; from < count; from += 200) {
    const response = await fetch(`${shop.url}api/catalog/vue_storefront_catalog/product/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from,
        size: 200,
        sort: 'view_count:desc',
        _sourceInclude: ['sku', 'slug'],
        query: {
          _appliedFilters: [
            { attribute: 'visibility', value: { in: [2, 4] } },
            { attribute: 'type_id', value: { in: ['simple', 'configurable'] } },
          ],
        },
      }),
    });
    if (!response.ok) throw new Error(`product search: HTTP ${response.status} ${await response.text()}`);
    const { items } = (await response.json()) as { items: { sku: string; slug: string }[] };
    pages.push(...items.map((product) => `${shop.url}p/${product.sku}/${product.slug}`));
    if (items.length < 200) break;
  }
  return pages;
}
