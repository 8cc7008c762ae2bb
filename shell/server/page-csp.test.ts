import { cspHeaderValue, pageCspDirectives, pinnedOrigins } from './page-csp';

const serialized = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

test("a page allows its own origin, the pinned remotes' origins and the nonce — no unsafe-inline or eval for scripts, never framed", () => {
  const directives = pageCspDirectives({
    nonce: 'abc123',
    remoteOrigins: ['http://127.0.0.1:4302', 'http://127.0.0.1:4301', 'http://127.0.0.1:4301'],
    gatewayOrigins: ['http://127.0.0.1:4300'],
    tls: false,
  });
  expect(serialized(directives)).toBe(
    [
      "default-src 'self'",
      "script-src 'self' 'nonce-abc123' http://127.0.0.1:4301 http://127.0.0.1:4302",
      "style-src 'self' 'nonce-abc123' http://127.0.0.1:4301 http://127.0.0.1:4302",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' http://127.0.0.1:4301 http://127.0.0.1:4302",
      "font-src 'self' http://127.0.0.1:4301 http://127.0.0.1:4302",
      "connect-src 'self' http://127.0.0.1:4301 http://127.0.0.1:4302 https://google.com/pay https://pay.google.com",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self' http://127.0.0.1:4300",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['script-src']).not.toContain("'unsafe-eval'");
  expect(directives['style-src']).not.toContain("'unsafe-inline'");
});

test('over TLS every http:// subresource is upgraded', () => {
  expect(pageCspDirectives({ nonce: 'n', remoteOrigins: [], gatewayOrigins: [], tls: true })['upgrade-insecure-requests']).toEqual([]);
  expect(pageCspDirectives({ nonce: 'n', remoteOrigins: [], gatewayOrigins: [], tls: false })).not.toHaveProperty('upgrade-insecure-requests');
});

describe('the origins a page pins', () => {
  test.each([
    [
      'one build per remote',
      { catalog: { entry: 'https://cdn-a.example/catalog/1/remoteEntry.js' }, cart: { entry: 'https://cdn-b.example:8443/cart/1/remoteEntry.js' } },
      ['https://cdn-a.example', 'https://cdn-b.example:8443'],
    ],
    [
      'an A/B remote: both pinned variants',
      { checkout: { control: 'a', variants: { a: { entry: 'https://a.example/r.js' }, b: { entry: 'https://b.example/r.js' } } } },
      ['https://a.example', 'https://b.example'],
    ],
    ["an entry by path is the shop's own origin", { content: { entry: '/cdn/content/1/remoteEntry.js' } }, []],
    ['nothing usable', { bad: { entry: 'javascript:alert(1)' }, none: null, number: { entry: 5 } }, []],
  ])('%s', (_case, remotes, expected) => {
    expect([...pinnedOrigins({ remotes })].sort()).toEqual(expected);
  });
});

test('the header value: each directive with its values, one without values by its name; a value that would split a directive is refused', () => {
  expect(cspHeaderValue({ 'default-src': ["'self'"], 'script-src': ["'self'", "'nonce-a+b/c=='"], 'upgrade-insecure-requests': [] })).toBe(
    "default-src 'self'; script-src 'self' 'nonce-a+b/c=='; upgrade-insecure-requests",
  );
  for (const value of ['https://a.example; script-src *', 'https://a.example,https://b.example', 'https://a.example https://b.example', ''])
    expect(() => cspHeaderValue({ 'img-src': [value] })).toThrow(/img-src/);
});
