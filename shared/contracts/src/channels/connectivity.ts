import { defineChannel } from '../bus';

export type OnlineStatus = Readonly<{ online: boolean }>;

/** Fact: the browser went online or offline (the shell listens to window events and emits). */
export const connectivityChanged = defineChannel<OnlineStatus>('connectivity:changed');

/** The shop's path that got no answer. */
export type FailedRequest = Readonly<{ path: string }>;

/**
 * Fact: a call to the shop never got an answer (the network failed: no status at all) although
 * the browser may still say it is online — lie-fi, a dropped mobile connection, or a page opened
 * offline from the service worker's cache. The shell, owner of $connectivity, counts the shop as
 * offline from it until a probe of the API answers again (spec §4 "Connectivity", docs/offline.md).
 * Emitted by `apiJson` (@kaloryfer/ui), the one way remotes call the API.
 */
export const requestFailed = defineChannel<FailedRequest>('connectivity:request-failed');
