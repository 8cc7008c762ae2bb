import type { CreatedCustomer, NewsletterStatus, SessionAnswer, SignedInCustomer, Wishlist } from '@kaloryfer/api-contract';
import { claimWriter, NO_SESSION } from '@kaloryfer/contracts';
import { startSessionOwner } from '../../session/session-owner';

/**
 * Test helper: the shop API at the HTTP boundary, as the auth forms meet it (docs/account.md).
 * Accounts it knows, the answers it gives (the same 401 for a wrong password and an unknown
 * e-mail), every call it saw; `hold(path)` keeps the next answer back until released, to see a
 * form while its request runs. Install with `globalThis.fetch = shop.fetch`.
 */
export const LOGIN_REFUSED = 'You did not sign in correctly or your account is temporarily disabled.';
export const TOO_MANY = 'Too many attempts, please try again later';

/** What apiJson reads of a fetch answer (jsdom has no Response). */
const reply = (status: number, result: unknown, meta?: unknown) => ({
  ok: status < 400,
  status,
  statusText: '',
  json: async () => ({ code: status, result, ...(meta ? { meta } : {}) }),
});

type Answer = ReturnType<typeof reply>;
interface Account {
  password: string;
  firstname: string;
  lastname: string;
}

export class FakeShop {
  calls: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
  accounts = new Map<string, Account>([['anna@example.pl', { password: 'tajne-hasło-1', firstname: 'Anna', lastname: 'Nowak' }]]);
  /** Answers given instead of the usual one, once each, by path. */
  scripted = new Map<string, Answer[]>();
  private held = new Map<string, Promise<void>>();
  private tokens = new Map<string, string>(); // access token → e-mail
  private next = 1;

  readonly fetch = jest.fn(async (url: string, init: RequestInit = {}): Promise<Answer> => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    this.calls.push({ method: init.method ?? 'GET', path: pathname, body });
    const wait = this.held.get(pathname);
    if (wait) {
      this.held.delete(pathname);
      await wait;
    }
    const scripted = this.scripted.get(pathname)?.shift();
    if (scripted) return scripted;
    return this.answer(pathname, body, searchParams.get('token'));
  });

  /** The next call to `path` waits for the returned function. */
  hold(path: string): () => void {
    let release = () => undefined as void;
    this.held.set(
      path,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => release();
  }

  /** The next call to `path` gets this answer. */
  script(path: string, status: number, result: unknown) {
    this.scripted.set(path, [...(this.scripted.get(path) ?? []), reply(status, result)]);
  }

  count(path: string) {
    return this.calls.filter((call) => call.path === path).length;
  }

  private answer(path: string, body: Record<string, unknown> | undefined, token: string | null): Answer {
    switch (path) {
      case '/api/user/login': {
        const account = this.accounts.get(String(body?.username));
        if (!account || account.password !== body?.password) return reply(401, LOGIN_REFUSED);
        const access = `access-${this.next++}`;
        this.tokens.set(access, String(body?.username));
        const answer: SessionAnswer = { code: 200, result: access, meta: { refreshToken: `refresh-${access}` } };
        return reply(200, answer.result, answer.meta);
      }
      case '/api/user/me': {
        const email = this.tokens.get(token ?? '');
        const account = email ? this.accounts.get(email) : undefined;
        if (!email || !account) return reply(401, 'Unexpected authorization error');
        const customer: SignedInCustomer = {
          id: 7,
          group_id: 1,
          email,
          firstname: account.firstname,
          lastname: account.lastname,
          created_at: '2026-01-15T09:30:00.000Z',
          updated_at: '2026-01-15T09:30:00.000Z',
          addresses: [],
          extension_attributes: { is_subscribed: false },
          groupToken: 'group-1',
        };
        return reply(200, customer);
      }
      case '/api/user/create': {
        const customer = body?.customer as { email: string; firstname: string; lastname: string };
        if (this.accounts.has(customer.email)) return reply(400, 'A customer with the same email address already exists');
        this.accounts.set(customer.email, { password: String(body?.password), firstname: customer.firstname, lastname: customer.lastname });
        const created: CreatedCustomer = { id: 8, email: customer.email, firstname: customer.firstname, lastname: customer.lastname, group_id: 1 };
        return reply(200, created);
      }
      case '/api/user/reset-password':
      case '/api/user/logout':
        return reply(200, true);
      case '/api/ext/newsletter':
        return reply(200, 'pending' satisfies NewsletterStatus);
      case '/api/wishlist':
        return reply(200, { items: [], items_count: 0 } satisfies Wishlist);
      default:
        return reply(404, 'Not found');
    }
  }
}

/**
 * Each test: a new fake shop as `fetch`, nobody signed in, online, the session owner started
 * afresh (the atoms are the page's: a test's sign-in would otherwise carry into the next).
 */
export function useFakeShop(): { shop: () => FakeShop; goOffline: () => void } {
  let shop: FakeShop;
  const connectivity = claimWriter('connectivity', 'shell');
  let stopOwner = () => {};
  beforeEach(() => {
    localStorage.clear();
    stopOwner();
    claimWriter('session', 'mfe-account').set(NO_SESSION);
    connectivity.set({ online: true });
    shop = new FakeShop();
    globalThis.fetch = shop.fetch as unknown as typeof fetch;
    stopOwner = startSessionOwner();
  });
  return { shop: () => shop, goOffline: () => connectivity.set({ online: false }) };
}
