import { randomBytes } from 'node:crypto';
import { PAGE_VIEW_TOKEN_TTL_S, PageViewTokens, shortBuildId } from './page-view-token';

const build = (digit: string) => digit.repeat(64);
const tokens = new PageViewTokens(randomBytes(32));
const now = new Date('2026-12-02T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

test('a token names the page’s builds by their first 8 hex digits, with a nonce of its own', () => {
  const read = tokens.read(tokens.mint([build('a'), build('b'), build('a')], now), now)!;
  expect([...read.builds]).toEqual(['aaaaaaaa', 'bbbbbbbb']);
  expect(read.builds.has(shortBuildId(build('a')))).toBe(true);
  expect(read.nonce).toMatch(/^[A-Za-z0-9_-]{16}$/);
  expect(read.expiresAt).toBe(now.getTime() + PAGE_VIEW_TOKEN_TTL_S * 1000);
  expect(tokens.read(tokens.mint([build('a')], now), now)!.nonce).not.toBe(read.nonce); // each page its own
});

test('nonces are 96 random bits: none repeats, and every bit is as often 1 as 0 (no fixed UUID digit kept)', () => {
  const nonces = Array.from({ length: 4000 }, () => tokens.read(tokens.mint([], now), now)!.nonce);
  expect(new Set(nonces).size).toBe(nonces.length);
  const ones = new Array<number>(96).fill(0);
  for (const nonce of nonces) {
    const bytes = Buffer.from(nonce, 'base64url');
    expect(bytes).toHaveLength(12);
    for (let bit = 0; bit < 96; bit++) ones[bit] += (bytes[bit >> 3] >> (7 - (bit & 7))) & 1;
  }
  // 4,000 fair coins: 2,000 ± 6 standard deviations (~190): never by chance; a fixed digit's bits are 0 or 4,000.
  for (const count of ones) expect(Math.abs(count - 2000)).toBeLessThan(190);
});

test('only build ids are taken: a page with none still gets a token naming nothing', () => {
  const read = tokens.read(tokens.mint(['not-a-build', build('c').toUpperCase()], now), now)!;
  expect(read.builds.size).toBe(0);
});

test.each([
  ['nothing', () => undefined],
  ['an empty string', () => ''],
  ['signed with another key', () => new PageViewTokens(randomBytes(32)).mint([build('a')], now)],
  ['its payload altered', () => tokens.mint([build('a')], now).replace(/^./, (first) => (first === 'e' ? 'f' : 'e'))],
  ['its signature cut', () => tokens.mint([build('a')], now).split('.')[0]],
  ['too long', () => 'a'.repeat(401)],
  ['expired', () => tokens.mint([build('a')], at(-PAGE_VIEW_TOKEN_TTL_S - 1))],
])('%s → null', (_name, token) => {
  expect(tokens.read(token(), now)).toBeNull();
});

test('valid to the last second of its 30 minutes, not after', () => {
  const token = tokens.mint([build('a')], now);
  expect(tokens.read(token, at(PAGE_VIEW_TOKEN_TTL_S))).not.toBeNull();
  expect(tokens.read(token, at(PAGE_VIEW_TOKEN_TTL_S + 1))).toBeNull();
});
