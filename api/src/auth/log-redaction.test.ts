import { errorSerializer, redactText, redactUrl } from './log-redaction';

describe('secrets are cut out of logged URLs', () => {
  test.each([
    ['/api/user/me?token=eyJhbGci.sig', '/api/user/me?token=[REDACTED]'],
    ['/api/cart/pull?cartId=abc&token=eyJ.x', '/api/cart/pull?cartId=[REDACTED]&token=[REDACTED]'],
    ['/api/cart/pull?token=eyJ.x&cartId=abc', '/api/cart/pull?token=[REDACTED]&cartId=[REDACTED]'],
    ['/create-password?email=a%40b.pl&resetToken=s3cr3t', '/create-password?email=[REDACTED]&resetToken=[REDACTED]'],
    ['/x?refreshToken=a.b#frag', '/x?refreshToken=[REDACTED]#frag'],
    ['/x?TOKEN=a&token=b', '/x?TOKEN=[REDACTED]&token=[REDACTED]'],
    ['/x?mytoken=keep&tokens=keep&cartIds=keep', '/x?mytoken=keep&tokens=keep&cartIds=keep'],
    ['/api/order/status?order_increment_id=000000123&order_id=kf-abc-123', '/api/order/status?order_increment_id=000000123&order_id=[REDACTED]'],
    ['/sandbox-gateway/pay?t=eyJvcmRlci.mac', '/sandbox-gateway/pay?t=[REDACTED]'],
    ['/api/ext/mailchimp-subscribe/subscribe?email=anna%2Bx%40example.pl', '/api/ext/mailchimp-subscribe/subscribe?email=[REDACTED]'],
    ['/api/catalog/vue_storefront_catalog/product/_search?size=20', '/api/catalog/vue_storefront_catalog/product/_search?size=20'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('e-mail addresses and card-like numbers are cut out of any logged text', () => {
  test.each([
    ['an address in a query parameter of any name', '/x?who=anna.kowalska@example.pl&q=1', '/x?who=[EMAIL]&q=1'],
    ['a URL-encoded address', '/x?contact=anna%40example.pl', '/x?contact=[EMAIL]'],
    ['an address in a path', '/api/users/jan.nowak+test@poczta.example.com/orders', '/api/users/[EMAIL]/orders'],
    ['an address in a message', 'unsubscribe of ewa@example.pl failed: 503', 'unsubscribe of [EMAIL] failed: 503'],
    ['a card number', '/x?pan=4111111111111111', '/x?pan=[CARD]'],
    ['a card number in groups', 'card 4111 1111 1111 1111 refused', 'card [CARD] refused'],
    ['a card number with dashes', '5500-0000-0000-0004', '[CARD]'],
    ['a card number with encoded spaces', '/x?n=4111%201111%201111%201111', '/x?n=[CARD]'],
    ['a 19-digit number', '6011000990139424123', '[CARD]'],
    ['an order number (9 digits) stays', '/api/order/status?order_increment_id=000000123', '/api/order/status?order_increment_id=000000123'],
    ['a 12-digit number stays', 'ean 590123412345', 'ean 590123412345'],
    ['digits inside an id stay', 'SBX4111111111111111AB', 'SBX4111111111111111AB'],
    ['a price and a date stay', '1 234,56 zł on 2026-11-21', '1 234,56 zł on 2026-11-21'],
  ])('%s', (_case, text, logged) => {
    expect(redactText(text)).toBe(logged);
  });
});

test('an error is logged with its message and stack redacted', () => {
  const error = Object.assign(new Error('550 mailbox anna@example.pl unavailable'), { code: 'EENVELOPE' });
  const logged = errorSerializer(error);
  expect(logged).toMatchObject({ type: 'Error', message: '550 mailbox [EMAIL] unavailable', code: 'EENVELOPE' });
  expect(logged.stack).not.toContain('anna@example.pl');
});
