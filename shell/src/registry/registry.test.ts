import { isABTested, parseRegistry, RegistryError } from './registry';

const build = (extra: object = {}) => ({ entry: 'http://localhost:3002/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0', ...extra });

describe('parseRegistry', () => {
  test('a single build becomes one default variant named after the remote', () => {
    const registry = parseRegistry({ remotes: { cart: build() } });
    expect(registry.timeoutMs).toBe(8000);
    expect(registry.remotes.cart).toEqual({
      remote: 'cart',
      control: 'default',
      variants: [{ ...build(), name: 'cart', id: 'default', weight: 1 }],
    });
  });

  test('variants keep their weights, names and control', () => {
    const registry = parseRegistry({
      timeoutMs: 3000,
      remotes: { checkout: { control: 'a', variants: { a: build({ name: 'checkout_a', weight: 70 }), b: build({ weight: 30 }) } } },
    });
    expect(registry.timeoutMs).toBe(3000);
    expect(registry.remotes.checkout?.variants.map((v) => [v.id, v.name, v.weight])).toEqual([
      ['a', 'checkout_a', 70],
      ['b', 'checkout_b', 30],
    ]);
  });

  test('a build keeps the integrity hashes and the build id the registry recorded at publishing', () => {
    const recorded = {
      integrity: `sha384-${'a'.repeat(64)}`,
      ssrIntegrity: `sha256-${'b'.repeat(43)}=`,
      build: 'f'.repeat(64),
      ssr: '/mfe/cart/ffffffffffffffff/server/render.js',
    };
    const registry = parseRegistry({ remotes: { cart: build(recorded) } });
    expect(registry.remotes.cart?.variants[0]).toMatchObject(recorded);
  });

  test.each([
    ['not an object', [], 'registry: must be a JSON object'],
    [
      'an integrity that is not a hash',
      { remotes: { cart: build({ integrity: 'md5-abc' }) } },
      'remotes.cart.integrity: must be a Subresource Integrity hash (sha384-…)',
    ],
    ['a build id that is not a hash', { remotes: { cart: build({ build: '1.0.0' }) } }, "remotes.cart.build: must be a build's SHA-256"],
    ['no remotes', {}, 'registry.remotes: must be an object'],
    ['unknown remote', { remotes: { basket: build() } }, 'registry.remotes.basket: unknown remote'],
    ['relative entry', { remotes: { cart: build({ entry: 'cart/mf.json' }) } }, 'remotes.cart.entry: must be an http(s) URL or an absolute path'],
    ['bad version', { remotes: { cart: build({ version: 'latest' }) } }, 'remotes.cart.version: must be a semantic version'],
    ['missing contracts', { remotes: { cart: { entry: 'http://x/m.json', version: '1.0.0' } } }, 'remotes.cart.contracts: must be a semantic version'],
    ['bad container name', { remotes: { cart: build({ name: 'my-cart' }) } }, 'remotes.cart.name: must be a valid container name'],
    ['empty variants', { remotes: { checkout: { control: 'a', variants: {} } } }, 'remotes.checkout.variants: must name at least one variant'],
    [
      'unknown control',
      { remotes: { checkout: { control: 'c', variants: { a: build({ weight: 1 }) } } } },
      'remotes.checkout.control: must name one of its variants',
    ],
    [
      'negative weight',
      { remotes: { checkout: { control: 'a', variants: { a: build({ weight: -1 }) } } } },
      'remotes.checkout.variants.a.weight: must be a number ≥ 0',
    ],
    [
      'all weights zero',
      { remotes: { checkout: { control: 'a', variants: { a: build({ weight: 0 }) } } } },
      'remotes.checkout.variants: at least one weight must be above 0',
    ],
    ['timeout too small', { timeoutMs: 5, remotes: {} }, 'registry.timeoutMs: must be between 100 and 60000'],
  ])('%s is refused with a message', (_case, raw, message) => {
    expect(() => parseRegistry(raw)).toThrow(new RegistryError(message));
  });
});

describe('isABTested', () => {
  test.each([
    ['a single build', { cart: build() }, 'cart', false],
    ['variants', { checkout: { control: 'a', variants: { a: build({ weight: 50 }), b: build({ weight: 50 }) } } }, 'checkout', true],
    // The page of a shopper assigned the control pins that variant only: still an A/B test.
    ['the control alone, as a page pins it', { checkout: { control: 'a', variants: { a: build({ weight: 50 }) } } }, 'checkout', true],
    ['a remote the registry does not name', {}, 'checkout', false],
  ])('%s: %p', (_name, remotes, remote, tested) => {
    expect(isABTested(parseRegistry({ remotes }).remotes[remote as 'cart'])).toBe(tested);
  });
});
