import { claimWriter, loginRequested, NO_SESSION, navigationRequested, notificationRequested, type NotificationInput } from '@kaloryfer/contracts';
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
