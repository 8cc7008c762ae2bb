import { defineChannel, defineCommand } from '../bus';

/** Fact: the customer logged in or out (mfe-account emits). */
export const sessionChanged = defineChannel<{
  authorised: boolean;
  /** The customer's access token while authorised: the cart engine connects their cart with it. */
  token?: string;
}>('session:changed');

/** Command: ask mfe-account to show the login modal (e.g. after a 401). */
export const loginRequested = defineCommand<{ reason?: string }>('session:login-requested');
