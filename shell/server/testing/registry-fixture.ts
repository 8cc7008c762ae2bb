import { MemoryRegistryFeed, RegistrySource, type RegistrySnapshot } from '../registry-snapshot';

/** A registry as the live registry answers it: catalogue, content, and the checkout's A/B variants. */
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
  const source = new RegistrySource(new MemoryRegistryFeed(registry), async (url) => manifestOf(url), 'http://shop.test');
  return { snapshot: await source.snapshot(), cleanup: () => undefined };
}
