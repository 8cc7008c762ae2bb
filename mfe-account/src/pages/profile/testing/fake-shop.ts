import type { CustomerUpdate, SavedAddress, SavedAddressInput, SignedInCustomer } from '@kaloryfer/api-contract';
import {
  $connectivity,
  $session,
  claimWriter,
  loginRequested,
  NO_SESSION,
  navigationRequested,
  notificationRequested,
  syncTaskRequested,
  syncTaskSettled,
  type NotificationInput,
  type SyncTaskRequested,
} from '@kaloryfer/contracts';
import { sessionUserOf } from '../../../session/account-api';
import { startSessionOwner } from '../../../session/session-owner';

/** What `apiJson` reads of a fetch answer (jsdom has no Response). */
export const reply = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload });
type Reply = ReturnType<typeof reply>;

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** A customer as `GET /api/user/me` answers it; the defaults named by the addresses' flags, as the API names them. */
export const customer = (overrides: Partial<SignedInCustomer> = {}): SignedInCustomer =>
  withDefaults({
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
    ...overrides,
  });

export const address = (id: number, overrides: Partial<SavedAddress> = {}): SavedAddress => ({
  id,
  customer_id: 7,
  firstname: 'Anna',
  lastname: 'Nowak',
  street: ['Kwiatowa', '12'],
  city: 'Warszawa',
  postcode: '00-950',
  country_id: 'PL',
  region: { region_code: null, region: null, region_id: 0 },
  region_id: 0,
  ...overrides,
});

/** The customer's `default_shipping`/`default_billing` (address ids in text) from the flagged addresses, and the other way round. */
function withDefaults(customer: SignedInCustomer): SignedInCustomer {
  const { default_shipping: _shipping, default_billing: _billing, ...rest } = customer;
  const idOf = (kind: 'default_shipping' | 'default_billing') => {
    const flagged = customer.addresses.find((entry) => entry[kind]);
    if (flagged) return String(flagged.id);
    const kept = customer[kind];
    return kept !== undefined && customer.addresses.some((entry) => String(entry.id) === kept) ? kept : undefined;
  };
  const shipping = idOf('default_shipping');
  const billing = idOf('default_billing');
  return {
    ...rest,
    ...(shipping !== undefined ? { default_shipping: shipping } : {}),
    ...(billing !== undefined ? { default_billing: billing } : {}),
    addresses: customer.addresses.map(({ default_shipping: _s, default_billing: _b, ...entry }) => ({
      ...entry,
      ...(String(entry.id) === shipping ? { default_shipping: true as const } : {}),
      ...(String(entry.id) === billing ? { default_billing: true as const } : {}),
    })),
  };
}

/**
 * The shop API at the HTTP boundary, as the account pages meet it: `POST /api/user/me` keeps
 * what it is sent (new addresses get ids, the book is replaced whole), the rest answers what a
 * test scripts with `answer`. Every call is recorded.
 */
export class FakeShop {
  calls: Call[] = [];
  private nextAddressId = 100;
  private scripted = new Map<string, (call: Call) => Reply>();

  constructor(public customer: SignedInCustomer) {}

  answer(method: string, path: string, respond: (call: Call) => Reply): this {
    this.scripted.set(`${method} ${path}`, respond);
    return this;
  }

  readonly fetch = jest.fn(async (url: string, init: RequestInit = {}): Promise<Reply> => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const call: Call = {
      method: init.method ?? 'GET',
      path: pathname,
      query: Object.fromEntries(searchParams),
      body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    };
    this.calls.push(call);
    const scripted = this.scripted.get(`${call.method} ${call.path}`);
    if (scripted) return scripted(call);
    if (call.path === '/api/user/me' && call.method === 'POST') return this.saveMe(call.body?.customer as CustomerUpdate);
    if (call.path === '/api/user/me') return reply(200, { code: 200, result: this.customer });
    return reply(404, { code: 404, result: `no fake for ${call.method} ${call.path}` });
  });

  /**
   * As the API saves a profile (api/src/customers/customers.ts): names, e-mail and the newsletter
   * flag when sent; a sent book replaces the saved one whole (new addresses get ids), its flagged
   * addresses becoming the defaults and an unflagged default kept while its address is.
   */
  private saveMe(change: CustomerUpdate) {
    const saved = this.customer;
    this.customer = withDefaults({
      ...saved,
      ...(change.firstname !== undefined ? { firstname: change.firstname.trim() } : {}),
      ...(change.lastname !== undefined ? { lastname: change.lastname.trim() } : {}),
      ...(change.email !== undefined ? { email: change.email.trim().toLowerCase() } : {}),
      ...(change.extension_attributes?.is_subscribed !== undefined
        ? { extension_attributes: { is_subscribed: change.extension_attributes.is_subscribed } }
        : {}),
      ...(change.addresses ? { addresses: change.addresses.map((entry) => this.savedAddress(entry)) } : {}),
      updated_at: '2026-02-01T12:00:00.000Z',
    });
    return reply(200, { code: 200, result: this.customer });
  }

  private savedAddress(entry: SavedAddressInput): SavedAddress {
    const street = entry.street === undefined ? [] : Array.isArray(entry.street) ? entry.street : [entry.street];
    return address(entry.id === undefined || entry.id === null ? this.nextAddressId++ : Number(entry.id), {
      customer_id: this.customer.id,
      firstname: entry.firstname ?? '',
      lastname: entry.lastname ?? '',
      street,
      city: entry.city ?? '',
      postcode: entry.postcode ?? '',
      country_id: (entry.country_id ?? entry.countryId ?? 'PL').toUpperCase(),
      ...(entry.telephone ? { telephone: entry.telephone } : {}),
      ...(entry.company ? { company: entry.company } : {}),
      ...(entry.vat_id ? { vat_id: entry.vat_id } : {}),
      ...(entry.default_shipping ? { default_shipping: true } : {}),
      ...(entry.default_billing ? { default_billing: true } : {}),
    });
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

/** The session owner of the last startShop: the next stops it first. */
let stopOwner = () => {};

/** A fresh page with the session owner started; `signedIn` puts the customer in `$session` as after a login. */
export function startShop(shop: FakeShop, { signedIn = true } = {}) {
  localStorage.clear();
  stopOwner();
  globalThis.fetch = shop.fetch as unknown as typeof fetch;
  const session = claimWriter('session', 'mfe-account');
  session.set(NO_SESSION);
  stopOwner = startSessionOwner();
  if (signedIn) {
    session.set({
      authorised: true,
      token: 'token-1',
      user: sessionUserOf(shop.customer),
      groupToken: 'g1',
      tokenLock: 0,
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
    const envelope = (await answer.json()) as { code: number; result: unknown };
    syncTaskSettled.emit({
      task_id: task.task_id,
      callback_event: task.callback_event ?? null,
      code: envelope.code,
      resultCode: envelope.code,
      result: envelope.result,
      meta: task.meta ?? null,
      transmitted: true,
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
    $connectivity.listen(({ online }) => {
      if (online) setTimeout(sync, 0);
    }),
  ];
  return { requests, waiting, stop: () => offs.forEach((off) => off()) };
}
