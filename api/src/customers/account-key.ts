/** What account calls are counted and looked up by: the account's e-mail key, and who called. */

/** Who asked: the client address the limits count by. */
export interface Caller {
  ip: string;
}

/** An account's e-mail as it is stored and counted: trimmed, lower-case. */
export const accountKey = (email: string) => email.trim().toLowerCase();
