import type { OrderHistoryPage, SessionAnswer, SignedInCustomer } from '@kaloryfer/api-contract';
import { $session, loginRequested, notificationRequested, sessionChanged, type NotificationInput } from '@kaloryfer/contracts';
import { REFRESH_REFUSED } from '@kaloryfer/domain';
import { accountApi } from './account-api';
import { login, logout, REFRESH_TOKEN_KEY, startSessionOwner, TOKEN_KEY, USER_KEY } from './session-owner';

/** What apiJson reads of a fetch answer (jsdom has no Response). */
const reply = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload });

const customer: SignedInCustomer = {
  id: 7,
  group_id: 1,
  email: 'anna@example.pl',
  firstname: 'Anna',
  lastname: 'Nowak',
  created_at: '2026-01-15T09:30:00.000Z',
  updated_at: '2026-01-15T09:30:00.000Z',
  addresses: [],
  extension_attributes: { is_subscribed: false },
  groupToken: 'g1',
};
const NO_ORDERS: OrderHistoryPage = { items: [], total_count: 0, search_criteria: { page_size: 20, current_page: 1 } };

/** The shop API at the HTTP boundary: tokens it accepts, refresh tokens it rotates, every call it saw. */
class FakeApi {
  calls: { path: string; body: unknown }[] = [];
  valid = new Set<string>();
  refreshable = new Map<string, string>(); // refresh token → the access token it gives
  next = 1;
  readonly fetch = jest.fn(async (url: string, init: RequestInit = {}): Promise<ReturnType<typeof reply>> => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
    this.calls.push({ path: pathname, body });
    const answer = reply;
    if (pathname === '/api/user/login') return this.issue();
    if (pathname === '/api/user/refresh') {
      const refresh = body?.refreshToken ?? '';
      if (!this.refreshable.delete(refresh)) return answer(401, { code: 401, result: 'Error refreshing user token' });
      await new Promise((resolve) => setTimeout(resolve, 20)); // a refresh takes a moment: others pile up meanwhile
      return this.issue();
    }
    if (pathname === '/api/user/logout') return answer(200, { code: 200, result: true });
    if (!this.valid.has(searchParams.get('token') ?? '')) return answer(401, { code: 401, result: 'Unexpected authorization error' });
    if (pathname === '/api/user/me') return answer(200, { code: 200, result: customer });
    return answer(200, { code: 200, result: NO_ORDERS });
  });

  private issue() {
    const token = `access-${this.next}`;
    const refresh = `refresh-${this.next}`;
    this.next += 1;
    this.valid.add(token);
    this.refreshable.set(refresh, token);
    return reply(200, { code: 200, result: token, meta: { refreshToken: refresh } } satisfies SessionAnswer);
  }

  count = (path: string) => this.calls.filter((call) => call.path === path).length;
}

let api: FakeApi;
const reasons: string[] = [];
const notices: NotificationInput[] = [];
const modals: unknown[] = [];
const offs: (() => void)[] = [];
let stopOwner = () => {};

beforeEach(() => {
  localStorage.clear();
  stopOwner();
  api = new FakeApi();
  globalThis.fetch = api.fetch as unknown as typeof fetch;
  reasons.length = 0;
  notices.length = 0;
  modals.length = 0;
  offs.push(
    sessionChanged.on((event) => reasons.push(`${event.reason}:${event.authorised}`)),
    notificationRequested.on((notice) => notices.push(notice)),
    loginRequested.on((request) => modals.push(request)),
  );
});
afterEach(() => offs.splice(0).forEach((off) => off()));

test('login keeps both tokens and the profile, and tells every remote', async () => {
  stopOwner = startSessionOwner();
  await login(' Anna@Example.pl ', 'hasło-123');
  expect(api.calls[0]).toEqual({ path: '/api/user/login', body: { username: 'anna@example.pl', password: 'hasło-123' } });
  expect($session.get()).toMatchObject({
    authorised: true,
    token: 'access-1',
    tokenLock: 0,
    groupToken: 'g1',
    user: { firstname: 'Anna', email: 'anna@example.pl', groupId: 1 },
  });
  expect(JSON.parse(localStorage.getItem(TOKEN_KEY)!)).toBe('access-1');
  expect(JSON.parse(localStorage.getItem(REFRESH_TOKEN_KEY)!)).toBe('refresh-1');
  expect(JSON.stringify($session.get())).not.toContain('refresh-1'); // the refresh token stays out of the atom
  expect(reasons).toEqual(['started:false', 'login:true']);
});

test('two calls refused at once cause one refresh; both go again with the new token', async () => {
  stopOwner = startSessionOwner();
  await login('anna@example.pl', 'hasło-123');
  api.valid.clear(); // the access token expired
  const [profile, history] = await Promise.all([accountApi.me(), accountApi.orderHistory(1)]);
  expect(profile.firstname).toBe('Anna');
  expect(history.total_count).toBe(0);
  expect(api.count('/api/user/refresh')).toBe(1);
  expect($session.get()).toMatchObject({ token: 'access-2', tokenLock: 0 });
  expect(JSON.parse(localStorage.getItem(REFRESH_TOKEN_KEY)!)).toBe('refresh-2'); // rotated
  expect(reasons.at(-1)).toBe('refreshed:true');
});

test('a refused refresh logs out silently, shows the sign-up modal, and the call fails with 401', async () => {
  stopOwner = startSessionOwner();
  await login('anna@example.pl', 'hasło-123');
  api.valid.clear();
  api.refreshable.clear(); // the session was revoked on the server
  await expect(accountApi.me()).rejects.toMatchObject({ status: 401, message: REFRESH_REFUSED });
  expect($session.get()).toMatchObject({ authorised: false, token: null, user: null, tokenLock: -1 });
  expect(modals).toEqual([{ mode: 'register', reason: 'session-expired' }]);
  expect(notices).toEqual([]); // silent
  expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  expect(reasons.at(-1)).toBe('logout:false');
  // A new login resets the lock.
  await login('anna@example.pl', 'hasło-123');
  expect($session.get().tokenLock).toBe(0);
});

test('logout revokes the session on the server, forgets it here and says so', async () => {
  stopOwner = startSessionOwner();
  await login('anna@example.pl', 'hasło-123');
  await logout();
  expect(api.calls.at(-1)).toEqual({ path: '/api/user/logout', body: { refreshToken: 'refresh-1' } });
  expect($session.get()).toMatchObject({ authorised: false, token: null });
  for (const key of [TOKEN_KEY, REFRESH_TOKEN_KEY, USER_KEY]) expect(localStorage.getItem(key)).toBeNull();
  expect(notices.map((notice) => notice.message)).toEqual(["You're logged out"]);
});

test('a page that starts with a stored token is signed in at once and reloads the profile', async () => {
  localStorage.setItem(TOKEN_KEY, JSON.stringify('access-9'));
  localStorage.setItem(USER_KEY, JSON.stringify({ ...customer, groupId: 1, addresses: [], isSubscribed: false }));
  api.valid.add('access-9');
  stopOwner = startSessionOwner();
  expect($session.get()).toMatchObject({ authorised: true, token: 'access-9', user: { firstname: 'Anna' } });
  expect(reasons).toEqual(['started:true']);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(api.count('/api/user/me')).toBe(1);
});

test('a failed profile after login clears the user and raises the error', async () => {
  stopOwner = startSessionOwner();
  api.fetch.mockImplementationOnce(async () => reply(200, { code: 200, result: 'access-x', meta: { refreshToken: 'refresh-x' } } satisfies SessionAnswer));
  await expect(login('anna@example.pl', 'hasło-123')).rejects.toMatchObject({ status: 401 });
  expect($session.get()).toMatchObject({ authorised: false, token: null });
  expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
});
