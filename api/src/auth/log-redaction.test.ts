import { redactUrl } from './log-redaction';

describe('secrets are cut out of logged URLs', () => {
  test.each([
    ['/api/user/me?token=eyJhbGci.sig', '/api/user/me?token=[REDACTED]'],
    ['/api/cart/pull?cartId=abc&token=eyJ.x', '/api/cart/pull?cartId=abc&token=[REDACTED]'],
    ['/api/cart/pull?token=eyJ.x&cartId=abc', '/api/cart/pull?token=[REDACTED]&cartId=abc'],
    ['/create-password?email=a%40b.pl&resetToken=s3cr3t', '/create-password?email=a%40b.pl&resetToken=[REDACTED]'],
    ['/x?refreshToken=a.b#frag', '/x?refreshToken=[REDACTED]#frag'],
    ['/x?TOKEN=a&token=b', '/x?TOKEN=[REDACTED]&token=[REDACTED]'],
    ['/x?mytoken=keep&tokens=keep', '/x?mytoken=keep&tokens=keep'],
    ['/api/catalog/vue_storefront_catalog/product/_search?size=20', '/api/catalog/vue_storefront_catalog/product/_search?size=20'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
