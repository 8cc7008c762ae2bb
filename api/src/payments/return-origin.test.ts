import { returnOrigin, shopperOriginOf } from './return-origin';

const PUBLIC = 'https://kaloryfer.pl';
const ALLOWED = [PUBLIC, 'https://www.kaloryfer.pl', 'http://localhost:3900'];

describe('the gateway returns the shopper to their own origin only when it is allow-listed', () => {
  test.each([
    ['an allowed origin', 'https://www.kaloryfer.pl', 'https://www.kaloryfer.pl'],
    ['the public URL itself', PUBLIC, PUBLIC],
    ['an allowed origin written with its default port and capitals', 'https://WWW.kaloryfer.pl:443', 'https://www.kaloryfer.pl'],
    ['a local origin on the list', 'http://localhost:3900', 'http://localhost:3900'],
    ['the same host on another port', 'http://localhost:3901', PUBLIC],
    ['http where https is listed', 'http://www.kaloryfer.pl', PUBLIC],
    ["an attacker's origin", 'https://evil.example', PUBLIC],
    ['a look-alike host', 'https://kaloryfer.pl.evil.example', PUBLIC],
    ['userinfo trying to pass as the host', 'https://kaloryfer.pl@evil.example', PUBLIC],
    ['a javascript: URL', 'javascript:alert(1)', PUBLIC],
    ['the opaque origin', 'null', PUBLIC],
    ['garbage', '::::', PUBLIC],
    ['nothing', undefined, PUBLIC],
  ])('%s', (_case, shopper, expected) => {
    expect(returnOrigin(shopper, ALLOWED, PUBLIC)).toBe(expected);
  });
});

describe("the shopper's origin is read from Origin, else Referer", () => {
  test.each([
    ['Origin', { origin: 'https://www.kaloryfer.pl' }, 'https://www.kaloryfer.pl'],
    ['Referer when there is no Origin', { referer: 'https://www.kaloryfer.pl/checkout?x=1' }, 'https://www.kaloryfer.pl'],
    ['Origin over Referer', { origin: 'https://a.example', referer: 'https://b.example/' }, 'https://a.example'],
    ['an opaque Origin falls to Referer', { origin: 'null', referer: 'https://b.example/' }, 'https://b.example'],
    ['neither', {}, null],
    ['a Referer that is no URL', { referer: 'nonsense' }, null],
  ])('%s', (_case, headers, expected) => {
    expect(shopperOriginOf(headers)).toBe(expected);
  });
});
