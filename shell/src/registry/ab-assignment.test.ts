import { isForcedAssignmentId } from '@kaloryfer/domain';
import { assignmentIdOf, assignVariants, formatPairs, newAssignmentId, parsePairs, pickWeighted } from './ab-assignment';
import { parseRegistry } from './registry';

const build = (weight: number) => ({ entry: 'http://localhost:3003/x/mf-manifest.json', version: '1.0.0', contracts: '1.0.0', weight });
const registry = parseRegistry({
  remotes: {
    cart: { entry: 'http://localhost:3002/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' },
    checkout: { control: 'a', variants: { a: build(50), b: build(50) } },
  },
});
const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const OTHER = 'BBBBBBBBBBBBBBBBBBBBBB';
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

  test('a new visitor is assigned at random and the cookie keeps it, with a new anonymous id', () => {
    const result = assignVariants(registry, { measure: true, random: () => 0.7, newId: () => ID });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'b', source: 'random' });
    expect(result.cookie).toBe(`checkout:b|id:s${ID}`);
    expect(result.assignmentId).toBe(`s${ID}`);
  });

  test.each([
    ['a shopper keeps the id drawn once', `checkout:a|id:s${ID}`, null, `s${ID}`],
    ['an override makes a shopper QA (a new q id)', `checkout:a|id:s${ID}`, 'checkout:b', `q${OTHER}`],
    ['QA stays QA on later visits', `checkout:b|id:q${ID}`, null, `q${ID}`],
    ['QA overriding again keeps its id', `checkout:b|id:q${ID}`, 'checkout:a', `q${ID}`],
    ['a cookie from before ids gets one', 'checkout:a', null, `s${OTHER}`],
    ['a malformed id is replaced', 'checkout:a|id:<script>', null, `s${OTHER}`],
    ['an id of the wrong shape is replaced', 'checkout:a|id:xshort', null, `s${OTHER}`],
  ])('%s', (_name, cookie, override, id) => {
    const result = assignVariants(registry, { measure: true, cookie, override, random: () => 0, newId: () => OTHER });
    expect(result.assignmentId).toBe(id);
    expect(result.cookie).toContain(`|id:${id}`);
    expect(assignmentIdOf(result.cookie)).toBe(id);
  });

  test.each([
    ['no id is drawn', 'checkout:a'],
    ['an id kept before leaves the cookie (consent withdrawn)', `checkout:a|id:s${ID}`],
  ])('a shopper who did not allow analytics keeps the variant, but %s', (_name, cookie) => {
    const result = assignVariants(registry, { measure: false, cookie, random: () => 0.9, newId: () => OTHER });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'a', source: 'cookie' });
    expect(result).toMatchObject({ cookie: 'checkout:a', assignmentId: null });
  });

  test('ids drawn for real are 22 base64url characters, and differ', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newAssignmentId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(isForcedAssignmentId(`q${ID}`)).toBe(true);
    expect(isForcedAssignmentId(`s${ID}`)).toBe(false);
  });

  test('a returning visitor keeps the variant from the cookie (sticky)', () => {
    const result = assignVariants(registry, { measure: true, cookie: 'checkout:a', random: () => 0.99 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'a', source: 'cookie' });
  });

  test('?mfe=checkout:b overrides the cookie and becomes sticky', () => {
    const result = assignVariants(registry, { measure: true, cookie: 'checkout:a', override: 'checkout:b', random: () => 0 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'b', source: 'override' });
    expect(result.cookie).toMatch(/^checkout:b\|id:q/);
  });

  test('an unknown variant in the override or cookie is ignored', () => {
    const result = assignVariants(registry, { measure: true, cookie: 'checkout:z', override: 'checkout:q', random: () => 0 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'a', source: 'random' });
  });

  test('a variant whose weight went to 0 has ended: its visitors are assigned anew', () => {
    const ended = parseRegistry({ remotes: { checkout: { control: 'a', variants: { a: build(100), b: build(0) } } } });
    const result = assignVariants(ended, { measure: true, cookie: 'checkout:b', random: () => 0.99 });
    expect(checkoutOf(result)).toEqual({ remote: 'checkout', variant: 'a', source: 'random' });
  });

  test('single-build remotes are not written to the cookie', () => {
    expect(assignVariants(registry, { measure: true, random: () => 0, newId: () => ID }).cookie).toBe(`checkout:a|id:s${ID}`);
  });

  test('no A/B test running: no cookie and no id', () => {
    const single = parseRegistry({ remotes: { cart: { entry: 'http://localhost:3002/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' } } });
    expect(assignVariants(single, { measure: true, cookie: `checkout:a|id:s${ID}`, random: () => 0 })).toMatchObject({ cookie: '', assignmentId: null });
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
