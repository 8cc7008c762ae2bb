import { beforeUserCall, onUnauthorised, REFRESH_LOOP_WINDOW, type Lock, type LockState } from './token-lock';

describe('before a call that carries the customer token (spec §4)', () => {
  test.each<[Lock, boolean, boolean, string]>([
    [0, true, true, 'send'],
    [0, false, false, 'send'], // a guest's call
    [1, true, true, 'wait'], // a refresh is under way: wait 1 s and ask again
    [1, false, true, 'wait'], // a call starting during the refresh waits for the new token too
    [-1, true, true, 'fail'], // the refresh failed: 401 'Error refreshing user token…'
    [-1, true, false, 'fail'],
    [-1, false, false, 'send'], // a guest's call after the silent logout goes out as a guest's
    [0, true, false, 'fail'], // signed out while it waited: never sent as a guest's
  ])('lock %s, started with token %s, token now %s → %s', (lock, started, has, expected) => {
    expect(beforeUserCall(lock, started, has)).toBe(expected);
  });
});

describe('a 401 reaching the lock owner', () => {
  const now = 1_000_000;
  const idle: LockState = { lock: 0, token: 'A', attempts: 0, lastRefreshAt: null };
  test.each<[string, LockState, string, ReturnType<typeof onUnauthorised>]>([
    ['first 401 starts the refresh', idle, 'A', { action: 'refresh', attempts: 1 }],
    ['a second remote while refreshing joins it', { ...idle, lock: 1 }, 'A', { action: 'join' }],
    ['an old token already replaced is ignored (retry with the new one)', { ...idle, token: 'B' }, 'A', { action: 'ignore' }],
    ['an old token while the next refresh runs joins it', { ...idle, token: 'B', lock: 1 }, 'A', { action: 'join' }],
    ['after giving up nothing more is tried', { ...idle, lock: -1 }, 'A', { action: 'ignore' }],
    ['signed out: ignored', { ...idle, token: null }, 'A', { action: 'ignore' }],
    ['a loop: the fresh token is refused again soon after', { ...idle, attempts: 2, lastRefreshAt: now - 5_000 }, 'A', { action: 'refresh', attempts: 3 }],
    ['the maximum reached in a row: give up', { ...idle, attempts: 3, lastRefreshAt: now - 5_000 }, 'A', { action: 'give-up' }],
    [
      'an hour later it is a new expiry, counted from zero',
      { ...idle, attempts: 3, lastRefreshAt: now - REFRESH_LOOP_WINDOW - 1 },
      'A',
      { action: 'refresh', attempts: 1 },
    ],
  ])('%s', (_name, state, failed, expected) => {
    expect(onUnauthorised(state, failed, now)).toEqual(expected);
  });
});
