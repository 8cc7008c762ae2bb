import { registryHints } from './registry-hints';

const registry = {
  timeoutMs: 8000,
  remotes: {
    catalog: { name: 'catalog', entry: 'https://catalog.cdn.test/1.2.0/mf-manifest.json', version: '1.2.0', contracts: '1.0.0' },
    cart: { name: 'cart', entry: 'https://cart.cdn.test/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' },
    checkout: {
      control: 'a',
      variants: {
        a: { name: 'checkout_a', entry: 'https://checkout.cdn.test/1.0.0-a/mf-manifest.json', version: '1.0.0', contracts: '1.0.0', weight: 50 },
        b: { name: 'checkout_b', entry: 'https://checkout.cdn.test/1.0.0-b/mf-manifest.json', version: '1.0.0', contracts: '1.0.0', weight: 50 },
      },
    },
    content: { name: 'content', entry: '/local/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' },
  },
};

test('inlines the registry, preconnects every remote origin once, preloads single-build manifests only', () => {
  const head = registryHints(JSON.stringify(registry));
  const inline = head.match(/<script id="mfe-registry" type="application\/json">(.*?)<\/script>/)![1];
  expect(JSON.parse(inline)).toEqual(registry);
  expect([...head.matchAll(/rel="preconnect" href="([^"]+)"/g)].map((match) => match[1]))
    .toEqual(['https://catalog.cdn.test', 'https://cart.cdn.test', 'https://checkout.cdn.test']);
  // A/B variants are the browser's choice; a same-origin path needs no hint.
  expect([...head.matchAll(/rel="preload" href="([^"]+)" as="fetch" crossorigin/g)].map((match) => match[1]))
    .toEqual(['https://catalog.cdn.test/1.2.0/mf-manifest.json', 'https://cart.cdn.test/1.0.0/mf-manifest.json']);
});

test('a value cannot close the script element or break out of an attribute', () => {
  const hostile = { remotes: { catalog: { entry: 'https://x.test/"><script>alert(1)</script>/mf-manifest.json', note: '</script><script>alert(2)</script>' } } };
  const head = registryHints(JSON.stringify(hostile));
  expect(head).not.toContain('<script>alert');
  expect(head.match(/<\/script>/g)).toHaveLength(1);
});

test('an unreadable registry adds nothing (the shell then fetches it and shows fallbacks)', () => {
  expect(registryHints('{not json')).toBe('');
});
