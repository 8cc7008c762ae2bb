/** @jest-environment node */
import { Breaker } from './breaker';

test('three failures in a row open the breaker for the cool-down; then one request tries; a success closes it', () => {
  let now = 0;
  const breaker = new Breaker({ failures: 3, coolDownMs: 30_000 }, () => now);
  for (let failure = 0; failure < 3; failure += 1) {
    expect(breaker.allows()).toBe(true);
    breaker.failed();
  }
  expect(breaker.state).toBe('open');
  expect(breaker.allows()).toBe(false);
  now = 29_999;
  expect(breaker.allows()).toBe(false);
  now = 30_000;
  expect(breaker.state).toBe('half-open');
  expect(breaker.allows()).toBe(true); // the one trial
  expect(breaker.allows()).toBe(false); // others wait for its outcome
  breaker.succeeded();
  expect(breaker.state).toBe('closed');
  expect(breaker.allows()).toBe(true);
});

test('a failed trial opens it again for a full cool-down; a success in between resets the count', () => {
  let now = 0;
  const breaker = new Breaker({ failures: 2, coolDownMs: 1000 }, () => now);
  breaker.failed();
  breaker.succeeded();
  breaker.failed();
  expect(breaker.state).toBe('closed');
  breaker.failed();
  expect(breaker.state).toBe('open');
  now = 1000;
  expect(breaker.allows()).toBe(true);
  breaker.failed();
  expect(breaker.allows()).toBe(false);
  now = 1999;
  expect(breaker.allows()).toBe(false);
  now = 2000;
  expect(breaker.allows()).toBe(true);
});
