import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
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

let db: Db;
beforeEach(async () => {
  db = openDatabase('sqlite::memory:');
  await migrateToLatest(db);
});
afterEach(() => db.close());

/** Two limiters on one database: what two API instances behind a balancer share. */
function limiterAt(start = Date.parse('2026-11-21T12:00:00Z')) {
  let now = start;
  const limiter = new RateLimiter(db, () => new Date(now), rules);
  const otherInstance = new RateLimiter(db, () => new Date(now), rules);
  return {
    limiter,
    otherInstance,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

const retryAfter = async (run: () => Promise<void>): Promise<number | null> => {
  try {
    await run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(TooManyAttempts);
    expect((error as TooManyAttempts).statusCode).toBe(429);
    expect((error as TooManyAttempts).message).toBe(TOO_MANY_ATTEMPTS);
    return (error as TooManyAttempts).retryAfterSeconds;
  }
};

describe('rate limits', () => {
  test('a key may be hit `limit` times in its window; then 429 with the seconds left; after the window it is free again', async () => {
    const { limiter, advance } = limiterAt();
    const key: ['loginPerIpAndAccount', string] = ['loginPerIpAndAccount', '10.0.0.1|anna@example.pl'];
    for (let n = 0; n < 3; n += 1) {
      expect(await retryAfter(() => limiter.check(key))).toBeNull();
      await limiter.hit(key);
    }
    expect(await retryAfter(() => limiter.check(key))).toBe(60);
    advance(45.2);
    expect(await retryAfter(() => limiter.check(key))).toBe(15);
    advance(15);
    expect(await retryAfter(() => limiter.check(key))).toBeNull();
  });

  test('keys and rules count apart; the longest wait of several keys is answered', async () => {
    const { limiter } = limiterAt();
    await limiter.hit(['resetPerAccount', 'anna@example.pl']);
    expect(await retryAfter(() => limiter.check(['resetPerAccount', 'jan@example.pl']))).toBeNull();
    expect(await retryAfter(() => limiter.check(['resetPerIp', 'anna@example.pl']))).toBeNull();
    for (let n = 0; n < 3; n += 1) await limiter.hit(['loginPerIpAndAccount', 'ip|anna']);
    expect(await retryAfter(() => limiter.check(['loginPerIpAndAccount', 'ip|anna'], ['resetPerAccount', 'anna@example.pl']))).toBe(900);
  });

  test('take counts every request; clear forgets a key', async () => {
    const { limiter } = limiterAt();
    expect(await retryAfter(() => limiter.take(['resetPerAccount', 'a']))).toBeNull();
    expect(await retryAfter(() => limiter.take(['resetPerAccount', 'a']))).toBe(900);
    await limiter.clear('resetPerAccount', 'a');
    expect(await retryAfter(() => limiter.take(['resetPerAccount', 'a']))).toBeNull();
  });

  test('instances share the windows: hits on either count once each, a window ended on one has ended on both', async () => {
    const { limiter, otherInstance, advance } = limiterAt();
    const key: ['loginPerIpAndAccount', string] = ['loginPerIpAndAccount', '10.0.0.1|ewa@example.pl'];
    await Promise.all([limiter.hit(key), otherInstance.hit(key), limiter.hit(key)]);
    expect(await retryAfter(() => otherInstance.check(key))).toBe(60);
    advance(60);
    expect(await retryAfter(() => limiter.check(key))).toBeNull();
    await otherInstance.hit(key);
    expect(await retryAfter(() => limiter.check(key))).toBeNull();
  });

  test('a key longer than the column is kept as its hash and still counted', async () => {
    const { limiter } = limiterAt();
    const key: ['resetPerAccount', string] = ['resetPerAccount', `${'a'.repeat(5_000)}@example.pl`];
    await limiter.hit(key);
    expect(await retryAfter(() => limiter.check(key))).toBe(900);
    expect(await retryAfter(() => limiter.check(['resetPerAccount', `${'a'.repeat(4_999)}@example.pl`]))).toBeNull();
  });
});
