import { entryIntegrities, entryIntegrityPlugin } from './entry-integrity';
import { parseRegistry } from './registry';

/**
 * Each remote entry the Module Federation runtime loads gets the integrity hash the registry
 * recorded at publishing (docs/releasing.md): the browser refuses other bytes.
 */
const INTEGRITY = `sha384-${'Q'.repeat(64)}`;
const registry = parseRegistry({
  remotes: {
    cart: { entry: '/mfe/cart/0123456789abcdef/remoteEntry.js', version: '1.0.0', contracts: '1.0.0', integrity: INTEGRITY },
    content: { entry: 'https://cdn.team.test/content/1.0.0/remoteEntry.js', version: '1.0.0', contracts: '1.0.0', integrity: `sha384-${'R'.repeat(64)}` },
    account: { entry: '/mfe/account/fedcba9876543210/remoteEntry.js', version: '1.0.0', contracts: '1.0.0' },
  },
});
const createScript = (url: string) => {
  const plugin = entryIntegrityPlugin(entryIntegrities(registry)) as { createScript(args: { url: string }): HTMLScriptElement | undefined };
  return plugin.createScript({ url });
};

test.each([
  ['an entry on the shop, by its absolute address', `${location.origin}/mfe/cart/0123456789abcdef/remoteEntry.js`, INTEGRITY],
  ['the same entry asked again after an outage (the loader adds ?retry=)', `${location.origin}/mfe/cart/0123456789abcdef/remoteEntry.js?retry=2`, INTEGRITY],
  ["an entry on a team's origin", 'https://cdn.team.test/content/1.0.0/remoteEntry.js', `sha384-${'R'.repeat(64)}`],
])('%s: the <script> carries its integrity, fetched with CORS', (_name, url, integrity) => {
  const script = createScript(url)!;
  expect(script.tagName).toBe('SCRIPT');
  expect(script.integrity).toBe(integrity);
  expect(script.crossOrigin).toBe('anonymous');
});

test.each([
  ['a build the registry recorded no hash for', `${location.origin}/mfe/account/fedcba9876543210/remoteEntry.js`],
  ['a script the registry does not name (a chunk: its entry checks it)', `${location.origin}/mfe/cart/0123456789abcdef/123.abcdef12.js`],
  ['the same path on another origin', 'https://elsewhere.test/mfe/cart/0123456789abcdef/remoteEntry.js'],
])('%s: the runtime makes its usual <script>', (_name, url) => {
  expect(createScript(url)).toBeUndefined();
});
