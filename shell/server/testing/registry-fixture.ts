import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RegistrySource, type RegistrySnapshot } from '../registry-snapshot';

/** A registry as `npm run release` writes it: catalogue, content, and the checkout's A/B variants. */
export function registryFile(overrides: Record<string, unknown> = {}) {
  const build = (remote: string, folder: string, extra: object = {}) => ({
    name: remote,
    entry: `http://cdn.test/${remote}/${folder}/mf-manifest.json`,
    ssr: `http://cdn.test/${remote}/${folder}/server/render.js`,
    version: '1.0.0',
    contracts: '1.0.0',
    publishedAt: '2026-11-24T08:00:00.000Z',
    ...extra,
  });
  return {
    timeoutMs: 8000,
    remotes: {
      catalog: build('catalog', '1.0.0'),
      content: build('content', '1.0.0'),
      cart: { ...build('cart', '1.0.0'), ssr: undefined },
      checkout: {
        control: 'a',
        variants: {
          a: { ...build('checkout', '1.0.0-a', { name: 'checkout_a' }), weight: 50 },
          b: { ...build('checkout', '1.0.0-b', { name: 'checkout_b' }), weight: 50 },
        },
      },
      ...overrides,
    },
  };
}

/** The manifest every fixture build answers with: an entry, a chunk and a stylesheet for ./app. */
export const manifestOf = (url: string) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ path: './app', assets: { js: { sync: ['app.js'] }, css: { sync: ['app.css'], async: [] } } }],
  _for: url,
});

export async function snapshotOf(registry: object): Promise<{ snapshot: RegistrySnapshot; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-registry-'));
  const file = path.join(dir, 'mfe-registry.json');
  fs.writeFileSync(file, JSON.stringify(registry));
  const source = new RegistrySource(file, async (url) => manifestOf(url), 'http://shop.test');
  return { snapshot: await source.snapshot(), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
