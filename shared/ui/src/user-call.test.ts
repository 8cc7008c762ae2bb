import { $session, claimWriter, NO_SESSION, tokenRefreshRequested } from '@kaloryfer/contracts';
import { REFRESH_REFUSED } from '@kaloryfer/domain';
import { ApiFailure } from './api-json';
import { withToken, withUserToken } from './user-call';

const session = claimWriter('session', 'mfe-account');
const signedIn = (token: string) => session.set({ ...NO_SESSION, authorised: true, token });
const noWait = () => Promise.resolve();

/** A server that accepts one token only. */
function serverAccepting(token: () => string) {
  const seen: (string | null)[] = [];
  const call = async (sent: string | null) => {
    seen.push(sent);
    if (sent !== token()) throw new ApiFailure(401, 'Unexpected authorization error');
    return 'ok';
  };
  return { seen, call };
}

afterEach(() => session.set(NO_SESSION));

test('a guest call runs once, without a token', async () => {
  const call = jest.fn(async (token: string | null) => token);
  await expect(withUserToken(call, noWait)).resolves.toBeNull();
  expect(call).toHaveBeenCalledTimes(1);
});

test('a 401 asks the lock owner once and the call goes again with the new token', async () => {
  signedIn('old');
  const asked: string[] = [];
  // The owner's answer, as mfe-account gives it: lock 1, then the new token and lock 0.
  const off = tokenRefreshRequested.on(({ token }) => {
    asked.push(token);
    session.set({ ...session.get(), tokenLock: 1 });
    setTimeout(() => session.set({ ...session.get(), token: 'new', tokenLock: 0 }), 5);
  });
  const server = serverAccepting(() => 'new');
  const waited: number[] = [];
  await expect(
    withUserToken(server.call, async (ms) => {
      waited.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }),
  ).resolves.toBe('ok');
  expect(asked).toEqual(['old']);
  expect(server.seen).toEqual(['old', 'new']);
  expect(waited).toEqual([1000]); // spec §4: wait 1 s while refreshing
  off();
});

test('after the refresh failed (lock -1) a call that carried the token fails with the spec 401 message', async () => {
  signedIn('old');
  const off = tokenRefreshRequested.on(() => session.set({ ...NO_SESSION, tokenLock: -1 }));
  const server = serverAccepting(() => 'never');
  await expect(withUserToken(server.call, noWait)).rejects.toEqual(new ApiFailure(401, REFRESH_REFUSED));
  expect(server.seen).toEqual(['old']); // never sent again as a guest's call
  off();
});

test('with nobody answering the refresh request the 401 stands after a bounded number of tries', async () => {
  signedIn('old');
  const server = serverAccepting(() => 'never');
  await expect(withUserToken(server.call, noWait)).rejects.toMatchObject({ status: 401 });
  expect(server.seen.length).toBeLessThanOrEqual(5);
});

test('other failures are not retried', async () => {
  signedIn('tok');
  const call = jest.fn(async () => {
    throw new ApiFailure(400, 'Field is required');
  });
  await expect(withUserToken(call, noWait)).rejects.toMatchObject({ status: 400 });
  expect(call).toHaveBeenCalledTimes(1);
});

test.each([
  ['/api/user/me', 'a b', '/api/user/me?token=a%20b'],
  ['/api/cart/pull?cartId=1', 't', '/api/cart/pull?cartId=1&token=t'],
  ['/api/user/me', null, '/api/user/me'],
])('withToken(%s, %s) → %s', (path, token, expected) => {
  expect(withToken(path, token)).toBe(expected);
});

test('$session starts signed out', () => {
  expect($session.get()).toEqual(NO_SESSION);
});
