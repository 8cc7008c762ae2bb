import { DEFAULT_RESTART_POLICY, decideRestart, type RestartDecision } from './restart-policy';

const policy = DEFAULT_RESTART_POLICY; // 0.5 s doubling to 8 s, 5 in a row, stable after 30 s

test.each<[string, number, number | null, RestartDecision]>([
  ['a first end, after a long time up', 0, 3_600_000, { restart: true, attempt: 1, delayMs: 500 }],
  ['a first end, before it was ever ready', 0, null, { restart: true, attempt: 1, delayMs: 500 }],
  ['a second end in a row (up 2 s)', 1, 2000, { restart: true, attempt: 2, delayMs: 1000 }],
  ['the third, never ready', 2, null, { restart: true, attempt: 3, delayMs: 2000 }],
  ['the fourth', 3, null, { restart: true, attempt: 4, delayMs: 4000 }],
  ['the fifth: the delay reaches its cap', 4, null, { restart: true, attempt: 5, delayMs: 8000 }],
  ['a sixth end after five restarts in a row: a crash loop', 5, null, { restart: false, restarts: 5 }],
  ['a sixth end just short of stable (29.9 s up): still a crash loop', 5, 29_999, { restart: false, restarts: 5 }],
  ['after five restarts, but up 30 s before ending: recovered, a new row', 5, 30_000, { restart: true, attempt: 1, delayMs: 500 }],
  ['a row broken by a stable run starts over at the first delay', 3, 45_000, { restart: true, attempt: 1, delayMs: 500 }],
])('%s', (_case, restartsInRow, upForMs, expected) => {
  expect(decideRestart(policy, restartsInRow, upForMs)).toEqual(expected);
});

test.each<[string, Partial<typeof policy>, number, RestartDecision]>([
  ['the cap holds however long the row', { maxRestarts: 20 }, 12, { restart: true, attempt: 13, delayMs: 8000 }],
  ['a lower cap', { maxDelayMs: 1500 }, 3, { restart: true, attempt: 4, delayMs: 1500 }],
  ['a policy of no restarts gives up at the first end', { maxRestarts: 0 }, 0, { restart: false, restarts: 0 }],
])('settings: %s', (_case, settings, restartsInRow, expected) => {
  expect(decideRestart({ ...policy, ...settings }, restartsInRow, null)).toEqual(expected);
});
