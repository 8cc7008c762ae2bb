import { defineChannel, defineCommand } from '../bus';

/**
 * Fact: the session started, the customer logged in or out, or their access token was replaced
 * by a refresh (mfe-account emits). `$session` holds the same, for remotes that load later.
 */
export type SessionChange = Readonly<{
  authorised: boolean;
  /** The customer's access token while authorised: the cart engine connects their cart with it. */
  token?: string;
  /** What happened: a remote that only cares about logging in and out ignores 'refreshed'. */
  reason: 'started' | 'login' | 'refreshed' | 'logout';
}>;
export const sessionChanged = defineChannel<SessionChange>('session:changed');

/** Command: ask mfe-account to show the sign-in dialog (a guarded page, the header, after a failed refresh). */
export type LoginRequest = Readonly<{
  /** Which form the dialog opens with (spec §4: a failed refresh shows the sign-up modal). */
  mode?: 'login' | 'register';
  reason?: string;
}>;
export const loginRequested = defineCommand<LoginRequest>('session:login-requested');

/**
 * Command: a call that carried `token` was answered 401 (spec §4 "Token handling"). mfe-account
 * holds the page's one refresh lock: it refreshes once however many remotes ask, or gives up.
 * Callers use `withUserToken` (@kaloryfer/ui), which sends this and reads `$session.tokenLock`.
 */
export type TokenRefreshRequest = Readonly<{ token: string }>;
export const tokenRefreshRequested = defineCommand<TokenRefreshRequest>('session:token-refresh-requested');
