import { RateLimiter, TOO_MANY_ATTEMPTS, TooManyAttempts } from './rate-limit';

const rules = {
  loginPerIpAndAccount: { limit: 3, windowSeconds: 60 },
  loginPerIp: { limit: 5, windowSeconds: 60 },
  loginPerAccount: { limit: 10, windowSeconds: 600 },
  resetPerAccount: { limit: 1, windowSeconds: 900 },
  resetPerIp: { limit: 10, windowSeconds: 900 },
  refreshPerIp: { limit: 10, windowSeconds: 60 },
  refreshPerAccount: { limit: 10, windowSeconds: 60 },
  createPasswordPerIp: { limit: 10, windowSeconds: 900 },
};

function limiterAt(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  const limiter = new RateLimiter(() => new Date(now), rules);
  return { limiter, advance: (seconds: number) => { now += seconds * 1000; } };
}

const retryAfter = (run: () => void): number | null => {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(TooManyAttempts);
    expect((error as TooManyAttempts).statusCode).toBe(429);
    expect((error as TooManyAttempts).message).toBe(TOO_MANY_ATTEMPTS);
    return (error as TooManyAttempts).retryAfterSeconds;
  }
};

describe('rate limits', () => {
  test('a key may be hit `limit` times in its window; then 429 with the seconds left; after the window it is free again', () => {
    const { limiter, advance } = limiterAt();
    const key: [ 'loginPerIpAndAccount', string ] = ['loginPerIpAndAccount', '10.0.0.1|anna@example.pl'];
    for (let n = 0; n < 3; n += 1) {
      expect(retryAfter(() => limiter.check(key))).toBeNull();
      limiter.hit(key);
    }
    expect(retryAfter(() => limiter.check(key))).toBe(60);
    advance(45.2);
    expect(retryAfter(() => limiter.check(key))).toBe(15);
    advance(15);
    expect(retryAfter(() => limiter.check(key))).toBeNull();
  });

  test('keys and rules count apart; the longest wait of several keys is answered', () => {
    const { limiter } = limiterAt();
    limiter.hit(['resetPerAccount', 'anna@example.pl']);
    expect(retryAfter(() => limiter.check(['resetPerAccount', 'jan@example.pl']))).toBeNull();
    expect(retryAfter(() => limiter.check(['resetPerIp', 'anna@example.pl']))).toBeNull();
    for (let n = 0; n < 3; n += 1) limiter.hit(['loginPerIpAndAccount', 'ip|anna']);
    expect(retryAfter(() => limiter.check(['loginPerIpAndAccount', 'ip|anna'], ['resetPerAccount', 'anna@example.pl']))).toBe(900);
  });

  test('take counts every request; clear forgets a key', () => {
    const { limiter } = limiterAt();
    expect(retryAfter(() => limiter.take(['resetPerAccount', 'a']))).toBeNull();
    expect(retryAfter(() => limiter.take(['resetPerAccount', 'a']))).toBe(900);
    limiter.clear('resetPerAccount', 'a');
    expect(retryAfter(() => limiter.take(['resetPerAccount', 'a']))).toBeNull();
  });
});
