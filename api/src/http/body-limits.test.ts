import { bodyLimitFor, DEFAULT_BODY_LIMIT } from './body-limits';

test.each<[string, string, number]>([
  ['POST', '/api/cart/update', DEFAULT_BODY_LIMIT],
  ['POST', '/api/user/login', DEFAULT_BODY_LIMIT],
  ['POST', '/api/order', 256 * 1024],
  ['POST', '/api/catalog/:index/:type/_search', 64 * 1024],
  ['GET', '/api/catalog/:index/:type/_search', DEFAULT_BODY_LIMIT],
  ['POST', '/api/review/create', 16 * 1024],
  ['POST', '/api/ext/newsletter/form', 8 * 1024],
  ['POST', '/sandbox-gateway/pay', 8 * 1024],
])('%s %s takes bodies up to %i bytes', (method, url, limit) => {
  expect(bodyLimitFor(method, url)).toBe(limit);
});

test('the default is small: a cart line, an address or a login fits many times over', () => {
  expect(DEFAULT_BODY_LIMIT).toBe(32 * 1024);
});
