import {
  $connectivity, $session, claimWriter, loginRequested, NO_SESSION, navigationRequested, notificationRequested, syncTaskRequested, syncTaskSettled,
  type NotificationInput, type SyncTaskRequested,
} from '@kaloryfer/contracts';
import { sessionUserOf, type ApiAddress, type ApiCustomer } from '../../../session/account-api';
import { startSessionOwner, stopSessionOwnerForTests } from '../../../session/session-owner';

/** What `apiJson` reads of a fetch answer (jsdom has no Response). */
export const reply = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload });
type Reply = ReturnType<typeof reply>;

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

export const customer = (overrides: Partial<ApiCustomer> = {}): ApiCustomer => ({
  id: 7, group_id: 1, email: 'anna@example.pl', firstname: 'Anna', lastname: 'Nowak', addresses: [],
  extension_attributes: { is_subscribed: false }, groupToken: 'g1', ...overrides,
});

export const address = (id: number, overrides: Partial<ApiAddress> = {}): ApiAddress => ({
  id, firstname: 'Anna', lastname: 'Nowak', street: ['Kwiatowa', '12'], city: 'Warszawa', postcode: '00-950', country_id: 'PL', ...overrides,
});

/**
 * The shop API at the HTTP boundary, as the account pages meet it: `POST /api/user/me` keeps
 * what it is sent (new addresses get ids, the book is replaced whole), the rest answers what a
 * test scripts with `answer`. Every call is recorded.
 */
export class FakeShop {
  calls: Call[] = [];
  private nextAddressId = 100;
  private scripted = new Map<string, (call: Call) => Reply>();

  constructor(public customer: ApiCustomer) {}

  answer(method: string, path: string, respond: (call: Call) => Reply): this {
    this.scripted.set(`${method} ${path}`, respond);
    return this;
  }

  readonly fetch = jest.fn(async (url: string, init: RequestInit = {}): Promise<Reply> => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const call: Call = {
      method: init.method ?? 'GET', path: pathname, query: Object.fromEntries(searchParams),
      body: init.body ? JSON.parse(String(init.body)) as Record<string, unknown> : undefined,
    };
    this.calls.push(call);
    const scripted = this.scripted.get(`${call.method} ${call.path}`);
    if (scripted) return scripted(call);
    if (call.path === '/api/user/me' && call.method === 'POST') return this.saveMe(call.body?.customer as Partial<ApiCustomer>);
    if (call.path === '/api/user/me') return reply(200, { code: 200, result: this.customer });
    return reply(404, { code: 404, result: `no fake for ${call.method} ${call.path}` });
  });

  private saveMe(change: Partial<ApiCustomer>) {
    const { addresses, ...rest } = change;
    this.customer = {
      ...this.customer, ...rest,
      ...(addresses ? { addresses: addresses.map((entry) => ({ ...entry, id: entry.id ?? this.nextAddressId++ })) } : {}),
    };
    return reply(200, { code: 200, result: this.customer });
  }

  sent = (method: string, path: string) => this.calls.filter((call) => call.method === method && call.path === path);
}

/** Events the pages send on the bus, as the shell and the sign-in dialog would receive them. */
export function listen() {
  const heard = { notices: [] as NotificationInput[], logins: [] as unknown[], navigations: [] as string[] };
  const offs = [
    notificationRequested.on((notice) => heard.notices.push(notice)),
    loginRequested.on((request) => heard.logins.push(request)),
    navigationRequested.on(({ to }) => heard.navigations.push(to)),
  ];
  return { ...heard, stop: () => offs.forEach((off) => off()) };
}

/** A fresh page with the session owner started; `signedIn` puts the customer in `$session` as after a login. */
export function startShop(shop: FakeShop, { signedIn = true } = {}) {
  localStorage.clear();
  stopSessionOwnerForTests();
  globalThis.fetch = shop.fetch as unknown as typeof fetch;
  const session = claimWriter('session', 'mfe-account');
  session.set(NO_SESSION);
  startSessionOwner();
  if (signedIn) {
    session.set({
      authorised: true, token: 'token-1', user: sessionUserOf(shop.customer), groupToken: 'g1', tokenLock: 0,
    });
  }
}

/**
 * A stand-in for the shell's sync queue (shell/src/sync-queue/), as small as the pages need: it
 * takes `sync:task-requested`, stores the task a moment later (the real queue writes IndexedDB
 * first), and while `$connectivity` is online sends it to the fake shop — `{{token}}` filled from
 * `$session` when sent — and answers `sync:task-settled` with the envelope's code and result.
 * Offline the task waits until the connection returns. `requests` is every task asked for.
 */
export function fakeSyncQueue(shop: FakeShop) {
  const requests: SyncTaskRequested[] = [];
  const waiting: SyncTaskRequested[] = [];
  const send = async (task: SyncTaskRequested) => {
    const url = task.url.replaceAll('{{token}}', encodeURIComponent($session.get().token ?? ''));
    const answer = await shop.fetch(url, { method: task.payload.method, headers: task.payload.headers, body: task.payload.body });
    const envelope = await answer.json() as { code: number; result: unknown };
    syncTaskSettled.emit({
      task_id: task.task_id, callback_event: task.callback_event ?? null, code: envelope.code, resultCode: envelope.code,
      result: envelope.result, meta: task.meta ?? null, transmitted: true,
    });
  };
  const sync = () => {
    if (!$connectivity.get().online) return;
    for (const task of waiting.splice(0)) void send(task);
  };
  const offs = [
    syncTaskRequested.on((task) => {
      requests.push(task);
      waiting.push(task);
      setTimeout(sync, 0);
    }),
    $connectivity.listen(({ online }) => { if (online) setTimeout(sync, 0); }),
  ];
  return { requests, waiting, stop: () => offs.forEach((off) => off()) };
}
