import { assignVariants, formatPairs, parsePairs, pickWeighted } from './ab-assignment';
import { parseRegistry } from './registry';

const build = (weight: number) => ({ entry: 'http://localhost:3003/x/mf-manifest.json', version: '1.0.0', contracts: '1.0.0', weight });
const registry = parseRegistry({
  remotes: {
    cart: { entry: 'http://localhost:3002/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' },
    checkout: { control: 'a', variants: { a: build(50), b: build(50) } },
  },
});
const checkoutOf = (result: ReturnType<typeof assignVariants>) => result.assignments.find((a) => a.remote === 'checkout');

describe('A/B assignment', () => {
  test.each([
    [0, 'a'],
    [0.49, 'a'],
    [0.5, 'b'],
    [0.99, 'b'],
  ])('weights 50/50: random %f picks %s', (random, variant) => {
    expect(pickWeighted(registry.remotes.checkout!, random)).toBe(variant);
  });

  test('a new visitor is assigned at random and the cookie keeps it', () => {
    const result = assignVariants(registry, { random: () => 0.7 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'b', source: 'random' });
    expect(result.cookie).toBe('checkout:b');
  });

  test('a returning visitor keeps the variant from the cookie (sticky)', () => {
    const result = assignVariants(registry, { cookie: 'checkout:a', random: () => 0.99 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'a', source: 'cookie' });
  });

  test('?mfe=checkout:b overrides the cookie and becomes sticky', () => {
    const result = assignVariants(registry, { cookie: 'checkout:a', override: 'checkout:b', random: () => 0 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'b', source: 'override' });
    expect(result.cookie).toBe('checkout:b');
  });

  test('an unknown variant in the override or cookie is ignored', () => {
    const result = assignVariants(registry, { cookie: 'checkout:z', override: 'checkout:q', random: () => 0 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'a', source: 'random' });
  });

  test('a variant whose weight went to 0 has ended: its visitors are assigned anew', () => {
    const ended = parseRegistry({ remotes: { checkout: { control: 'a', variants: { a: build(100), b: build(0) } } } });
    const result = assignVariants(ended, { cookie: 'checkout:b', random: () => 0.99 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'a', source: 'random' });
  });

  test('single-build remotes are not written to the cookie', () => {
    expect(assignVariants(registry, { random: () => 0 }).cookie).toBe('checkout:a');
  });

  test.each([
    ['checkout:b', { checkout: 'b' }],
    ['checkout:b|catalog:x', { checkout: 'b', catalog: 'x' }],
    ['checkout:b,cart:y', { checkout: 'b', cart: 'y' }],
    ['garbage;checkout=b', {}],
    ['', {}],
  ])('parsePairs(%s)', (text, pairs) => {
    expect(parsePairs(text)).toEqual(pairs);
  });

  test('formatPairs is stable', () => {
    expect(formatPairs({ checkout: 'b', catalog: 'a' })).toBe('catalog:a|checkout:b');
  });
});
