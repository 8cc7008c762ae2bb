import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { accountShop, ACCESS_TTL } from './account-helpers';

/**
 * Sessions over HTTP: rotating refresh tokens stored as hashes, reuse detection, logout, short
 * access tokens, and tokens kept out of the request log.
 */
const { shop, advance, startAccountServer, call, login, refresh, me, customer } = accountShop();

describe('sessions', () => {
  test('login: an access token and a refresh token; the refresh token is stored only as a hash', async () => {
    const anna = await customer();
    expect(anna.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(anna.refreshToken).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const [selector, verifier] = anna.refreshToken.split('.');
    const row = await shop.server.db.kysely.selectFrom('refresh_token').selectAll().where('selector', '=', selector).executeTakeFirstOrThrow();
    expect(row.verifier_hash).toBe(createHash('sha256').update(verifier).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(verifier);
    expect((await me(anna.token)).status).toBe(200);
  });

  test('refresh rotates: a new access and refresh token each time; the new access token works', async () => {
    const anna = await customer();
    const first = await refresh(anna.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(first.body.meta.refreshToken).not.toBe(anna.refreshToken);
    const second = await refresh(first.body.meta.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.meta.refreshToken).not.toBe(first.body.meta.refreshToken);
    expect((await me(second.body.result)).body.result.email).toBe(anna.email);
  });

  test('a rotated-out refresh token used again → 401 and its whole family is revoked (RFC 9700); other sign-ins stay', async () => {
    const anna = await customer();
    const otherDevice = (await login(anna.email, anna.password)).body;
    const rotated = await refresh(anna.refreshToken);
    const newest = rotated.body.meta.refreshToken as string;
    const reused = await refresh(anna.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.result).toBe('Error refreshing user token');
    // The token the same family issued after the stolen one is revoked too, and so is the family's access token.
    expect((await refresh(newest)).status).toBe(401);
    expect((await me(rotated.body.result)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(401);
    const rows = await shop.server.db.kysely.selectFrom('refresh_token').select(['revoked_at']).where('customer_id', '=', anna.id).execute();
    expect(rows.filter((row) => row.revoked_at === null)).toHaveLength(1); // the other device's
    expect((await refresh(otherDevice.meta.refreshToken)).status).toBe(200);
  });

  test('the same refresh token twice at once: one rotation at most, and the family is revoked', async () => {
    const anna = await customer();
    const answers = await Promise.all([refresh(anna.refreshToken), refresh(anna.refreshToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await refresh(winner.body.meta.refreshToken)).status).toBe(401);
  });

  test('unknown, malformed, tampered and access tokens are refused by refresh', async () => {
    const anna = await customer();
    const [selector, verifier] = anna.refreshToken.split('.');
    for (const bad of [`${selector}.${'A'.repeat(43)}`, `${'B'.repeat(22)}.${verifier}`, 'nie-token', anna.token, `${anna.refreshToken}.x`]) {
      expect((await refresh(bad)).status).toBe(401);
    }
    expect((await call('POST', '/api/user/refresh', {})).status).toBe(400);
    // A wrong verifier revokes nothing: the real token still works.
    expect((await refresh(anna.refreshToken)).status).toBe(200);
  });

  test('logout revokes the session: its refresh token and access token stop working; logout is idempotent', async () => {
    const anna = await customer();
    const out = await call('POST', `/api/user/logout?token=${anna.token}`, { refreshToken: anna.refreshToken });
    expect(out.body).toEqual({ code: 200, result: true });
    expect((await refresh(anna.refreshToken)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(401);
    expect((await call('POST', '/api/user/logout', { refreshToken: anna.refreshToken })).body.result).toBe(true);
    expect((await call('POST', '/api/user/logout', { refreshToken: 'nie.token' })).body.result).toBe(true);
    // Only the access token (the refresh token lost): the family ends all the same.
    const jan = await customer();
    expect((await call('POST', '/api/user/logout', undefined, { authorization: `Bearer ${jan.token}` })).body).toEqual({ code: 200, result: true });
    expect((await refresh(jan.refreshToken)).status).toBe(401);
  });

  test('a logged-out access token stops at once on cart, order and wishlist calls too, not when it expires', async () => {
    const anna = await customer();
    const token = encodeURIComponent(anna.token);
    const cartId = (await call('POST', `/api/cart/create?token=${token}`)).body.result as string;
    expect((await call('GET', `/api/cart/pull?token=${token}&cartId=${cartId}`)).status).toBe(200);
    expect((await call('GET', `/api/wishlist?token=${token}`)).status).toBe(200);
    expect((await call('POST', `/api/user/logout?token=${token}`, { refreshToken: anna.refreshToken })).status).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/api/cart/pull?token=${token}&cartId=${cartId}`, undefined],
      ['POST', `/api/cart/update?token=${token}&cartId=${cartId}`, { cartItem: { sku: 'KF-ZT-0001', qty: 1, quoteId: cartId } }],
      ['POST', `/api/cart/create?token=${token}`, undefined],
      ['GET', `/api/wishlist?token=${token}`, undefined],
    ] as const) {
      expect([url, (await call(method, url, body)).status]).toEqual([url, 401]);
    }
  });

  test('the access token expires after ACCESS_TOKEN_TTL (here 30 s) for account and cart calls alike; refresh gives a working one', async () => {
    const anna = await customer();
    advance(ACCESS_TTL - 1);
    expect((await me(anna.token)).status).toBe(200);
    advance(2);
    const expired = await me(anna.token);
    expect(expired).toMatchObject({ status: 401, body: { result: 'Unexpected authorization error' } });
    expect((await call('POST', `/api/cart/create?token=${anna.token}`)).status).toBe(401);
    const renewed = await refresh(anna.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.result)).status).toBe(200);
    expect((await call('POST', `/api/cart/create?token=${renewed.body.result}`)).status).toBe(200);
  });

  test('account calls need a token: none, forged or foreign → 401; Authorization: Bearer works like ?token=', async () => {
    const anna = await customer();
    expect((await call('GET', '/api/user/me')).status).toBe(401);
    expect((await call('GET', '/api/user/order-history')).status).toBe(401);
    expect((await call('GET', '/api/wishlist')).status).toBe(401);
    expect((await me(`${anna.token.split('.')[0]}.x`)).status).toBe(401);
    expect((await call('GET', '/api/user/me', undefined, { authorization: `Bearer ${anna.token}` })).body.result.email).toBe(anna.email);
  });
});

test('tokens never reach the log: ?token= and ?resetToken= are redacted from request URLs', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logged = await startAccountServer({ logLevel: 'info', passwordScryptCost: 14 }, { logStream: sink });
  try {
    await call(
      'POST',
      '/api/user/create',
      { customer: { email: 'log@example.pl', firstname: 'Anna', lastname: 'Kowalska' }, password: 'tajne-haslo-1' },
      {},
      logged,
    );
    const session = (await call('POST', '/api/user/login', { username: 'log@example.pl', password: 'tajne-haslo-1' }, {}, logged)).body;
    await call('GET', `/api/user/me?token=${session.result}`, undefined, {}, logged);
    await call('GET', `/api/cart/pull?cartId=x&token=${session.result}`, undefined, {}, logged);
    await call('GET', `/create-password?email=log%40example.pl&resetToken=${session.meta.refreshToken}`, undefined, {}, logged);
    const log = lines.join('');
    expect(log).toContain('/api/user/me?token=[REDACTED]');
    expect(log).toContain('&token=[REDACTED]');
    expect(log).toContain('resetToken=[REDACTED]');
    for (const secret of [session.result, session.meta.refreshToken, session.result.split('.')[1], 'tajne-haslo-1']) expect(log).not.toContain(secret);
  } finally {
    await logged.close();
  }
});
