import type { CustomerUpdate, SignedInCustomer } from '@kaloryfer/api-contract';
import {
  claimWriter,
  compareClearRequested,
  loginRequested,
  NO_SESSION,
  notificationRequested,
  sessionChanged,
  syncTaskSettled,
  tokenRefreshRequested,
  type SessionState,
  type SessionUser,
  type SyncTaskSettled,
  STORED_STATE_KEYS,
} from '@kaloryfer/contracts';
import { onUnauthorised, REFRESH_EXHAUSTED } from '@kaloryfer/domain';
import { ApiFailure, readStored, writeStored } from '@kaloryfer/ui';
import { accountApi, sessionUserOf } from './account-api';
import { PROFILE_SAVED_EVENT } from './profile-task';

/**
 * Where the session survives a reload (spec §4 "User session": local user data and token are
 * loaded at start). VSF 1 keeps the same three. Only this module reads or writes them.
 */
export const TOKEN_KEY = STORED_STATE_KEYS.customerToken;
export const REFRESH_TOKEN_KEY = 'user/current-refresh-token';
export const USER_KEY = 'user/current-user';
/** The Web Locks name that serialises refreshes across this shop's tabs (a rotated refresh token is single-use). */
const REFRESH_LOCK = 'kaloryfer-token-refresh';

type Writable = ReturnType<typeof claimWriter<'session'>>;

let session: Writable | null = null;
let attempts = 0;
let lastRefreshAt: number | null = null;
let stopOwner: (() => void) | null = null;

const readText = (key: string): string | null => readStored<string | null>(key, null);
function forgetStored() {
  for (const key of [TOKEN_KEY, REFRESH_TOKEN_KEY, USER_KEY]) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage blocked: nothing was kept */
    }
  }
}

function owner(): Writable {
  if (!session) throw new Error('the session owner has not started');
  return session;
}

function set(next: Partial<SessionState>) {
  owner().set({ ...owner().get(), ...next });
}

/**
 * mfe-account owns `$session` (docs/contracts.md) and the page's one token-refresh lock
 * (spec §4 "Token handling", docs/account.md). Started by whichever of the remote's modules
 * loads first — the header's account button is on every page — once per page. Returns how to
 * stop it (its listeners off, the state forgotten): a page never does; a test starts afresh.
 */
export function startSessionOwner(): () => void {
  if (session) return stopOwner ?? (() => undefined);
  session = claimWriter('session', 'mfe-account');
  const stops = [tokenRefreshRequested.on(({ token }) => onTokenRefused(token)), syncTaskSettled.on(onProfileSaved)];
  const token = readText(TOKEN_KEY);
  const user = readStored<SessionUser | null>(USER_KEY, null);
  if (token) {
    set({ authorised: true, token, user, tokenLock: 0 });
    sessionChanged.emit({ authorised: true, token, reason: 'started' });
    // The profile again (names or addresses may have changed elsewhere); a refused token is refreshed on the way.
    void reloadProfile().catch(() => undefined);
  } else {
    sessionChanged.emit({ authorised: false, reason: 'started' });
  }
  // Another tab signed in, out, or refreshed the token: this page follows instead of reusing a spent one.
  const followOtherTabs = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const stored = readText(TOKEN_KEY);
    const now = owner().get();
    if (stored === now.token) return;
    if (!stored) {
      if (now.authorised) endSession({ silent: true, revoke: false });
      return;
    }
    set({ authorised: true, token: stored, user: readStored<SessionUser | null>(USER_KEY, now.user), tokenLock: 0 });
    sessionChanged.emit({ authorised: true, token: stored, reason: now.authorised ? 'refreshed' : 'login' });
  };
  globalThis.addEventListener?.('storage', followOtherTabs);
  stopOwner = () => {
    stops.forEach((stop) => stop());
    globalThis.removeEventListener?.('storage', followOtherTabs);
    session = null;
    attempts = 0;
    lastRefreshAt = null;
    stopOwner = null;
  };
  return stopOwner;
}

function keepUser(customer: SignedInCustomer) {
  const user = sessionUserOf(customer);
  writeStored(USER_KEY, user);
  set({ user, groupToken: customer.groupToken });
  return user;
}

/**
 * A queued profile save (`queueProfileSave`) answered 200: the customer as saved becomes
 * `$session.user`, as `saveProfile` does — whether or not the page that asked is still open, and
 * in every tab (the queue announces settled tasks in all of them). Only for the customer signed in.
 */
function onProfileSaved(settled: SyncTaskSettled) {
  if (settled.callback_event !== PROFILE_SAVED_EVENT || !settled.transmitted || settled.code !== 200) return;
  const customer = settled.result as SignedInCustomer | null;
  if (typeof customer !== 'object' || customer === null || typeof customer.id !== 'number' || !Array.isArray(customer.addresses)) return;
  const { authorised, user } = owner().get();
  if (!authorised || (user && user.id !== customer.id)) return;
  keepUser(customer);
}

/** The profile from the server into `$session.user` (after login, at start, after another tab's change). */
export async function reloadProfile(): Promise<SessionUser> {
  return keepUser(await accountApi.me());
}

/**
 * Login (spec §4): 200 resets the lock, keeps both tokens, loads the profile — if that fails the
 * user is cleared and the error raised — and tells every remote (cart merge, wishlist merge,
 * checkout's details seeded from the profile).
 */
export async function login(email: string, password: string): Promise<SessionUser> {
  const { token, refreshToken } = await accountApi.login(email.trim().toLowerCase(), password);
  let customer: SignedInCustomer;
  try {
    customer = await accountApi.meWith(token);
  } catch (error) {
    await accountApi.logout(token, refreshToken).catch(() => undefined);
    endSession({ silent: true, revoke: false });
    throw error;
  }
  attempts = 0;
  lastRefreshAt = null;
  writeStored(TOKEN_KEY, token);
  if (refreshToken) writeStored(REFRESH_TOKEN_KEY, refreshToken);
  set({ authorised: true, token, tokenLock: 0 });
  const user = keepUser(customer);
  sessionChanged.emit({ authorised: true, token, reason: 'login' });
  return user;
}

/** Registration: the account, then signed in with it (the newsletter consent goes through the newsletter API). */
export async function register(
  customer: { email: string; firstname: string; lastname: string; isSubscribed: boolean },
  password: string,
): Promise<SessionUser> {
  await accountApi.create({ ...customer, email: customer.email.trim().toLowerCase() }, password);
  return login(customer.email, password);
}

/** Saves the profile (names, e-mail, the address book) and keeps what the server answered. */
export async function saveProfile(change: CustomerUpdate): Promise<SessionUser> {
  return keepUser(await accountApi.updateMe(change));
}

/**
 * Logout (spec §4): the session ends on the server (its refresh tokens revoked) and here; the cart
 * is disconnected and cleared (the cart engine does that on `session:changed`), the wishlist, the
 * compare list and the saved checkout details are cleared by their owners; 'You're logged out'
 * unless silent.
 */
export async function logout({ silent = false } = {}): Promise<void> {
  endSession({ silent, revoke: true });
}

function endSession({ silent, revoke, lock = 0 }: { silent: boolean; revoke: boolean; lock?: 0 | -1 }) {
  const { token } = owner().get();
  const refreshToken = readText(REFRESH_TOKEN_KEY);
  if (revoke && (token || refreshToken)) void accountApi.logout(token, refreshToken).catch(() => undefined);
  forgetStored();
  owner().set({ ...NO_SESSION, tokenLock: lock });
  sessionChanged.emit({ authorised: false, reason: 'logout' });
  compareClearRequested.emit({});
  if (!silent) notificationRequested.emit({ type: 'success', message: "You're logged out" });
}

/** A call that carried `failedToken` was answered 401: refresh once for the whole page, or give up. */
function onTokenRefused(failedToken: string) {
  const now = owner().get();
  const decision = onUnauthorised({ lock: now.tokenLock, token: now.token, attempts, lastRefreshAt }, failedToken, Date.now());
  if (decision.action === 'ignore' || decision.action === 'join') return;
  if (decision.action === 'give-up') {
    giveUp(true);
    return;
  }
  attempts = decision.attempts;
  set({ tokenLock: 1 });
  void refreshOnce(failedToken).then((outcome) => {
    if (outcome.kind === 'refreshed') {
      lastRefreshAt = Date.now();
      set({ token: outcome.token, tokenLock: 0 });
      sessionChanged.emit({ authorised: true, token: outcome.token, reason: 'refreshed' });
    } else if (outcome.kind === 'unreachable') {
      // Offline or the server down: the session is not lost for it; the waiting calls fail as they are.
      set({ tokenLock: 0 });
    } else {
      giveUp(false);
    }
  });
}

/** Spec §4: lock -1, silent logout, the sign-up modal, untransmitted tasks cleared (the cart's with it). */
function giveUp(exhausted: boolean) {
  attempts = 0;
  endSession({ silent: true, revoke: false, lock: -1 });
  loginRequested.emit({ mode: 'register', reason: 'session-expired' });
  if (exhausted) notificationRequested.emit({ type: 'error', message: REFRESH_EXHAUSTED });
}

type Refresh = { kind: 'refreshed'; token: string } | { kind: 'refused' } | { kind: 'unreachable' };

/**
 * One refresh across this shop's tabs: a refresh token is single-use (rotation, reuse detection
 * revokes the session), so a tab that finds the token already replaced by another tab takes that
 * one instead of spending the old refresh token a second time.
 */
async function refreshOnce(failedToken: string): Promise<Refresh> {
  const run = async (): Promise<Refresh> => {
    const stored = readText(TOKEN_KEY);
    if (stored && stored !== failedToken) return { kind: 'refreshed', token: stored };
    const refreshToken = readText(REFRESH_TOKEN_KEY);
    if (!refreshToken) return { kind: 'refused' };
    try {
      const answer = await accountApi.refresh(refreshToken);
      writeStored(TOKEN_KEY, answer.token);
      if (answer.refreshToken) writeStored(REFRESH_TOKEN_KEY, answer.refreshToken);
      return { kind: 'refreshed', token: answer.token };
    } catch (error) {
      if (error instanceof ApiFailure && error.status >= 400 && error.status < 500 && error.status !== 429) return { kind: 'refused' };
      return { kind: 'unreachable' };
    }
  };
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(REFRESH_LOCK, run) : run();
}
