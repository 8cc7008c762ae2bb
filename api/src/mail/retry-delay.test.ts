import { MAIL_RETRY, retryDelayMs } from './retry-delay';

test.each([
  [1, 2_000],
  [2, 4_000],
  [3, 8_000],
  [10, 1_024_000],
  [11, 2_048_000],
  [12, 3_600_000], // capped at an hour
  [16, 3_600_000],
  [1000, 3_600_000], // no overflow
  [0, 2_000], // nonsense in, the first delay out
])('after %i failed attempt(s) the next is due in %i ms', (attempts, delay) => {
  expect(retryDelayMs(attempts)).toBe(delay);
});

test('all attempts together cover a few hours, not days', () => {
  let total = 0;
  for (let attempt = 1; attempt < MAIL_RETRY.maxAttempts; attempt += 1) total += retryDelayMs(attempt);
  expect(total / 3_600_000).toBeGreaterThan(4);
  expect(total / 3_600_000).toBeLessThan(8);
});
