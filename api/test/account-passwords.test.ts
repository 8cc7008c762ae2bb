import { randomBytes, scryptSync } from 'node:crypto';
import { PasswordHasher } from '../src/auth/passwords';
import { BAD_LOGIN } from '../src/customers/customers';
import { WRONG_CURRENT_PASSWORD } from '../src/customers/password-changes';
import { EMAIL_TAKEN } from '../src/customers/profile-store';
import { accountShop, HASH_COST } from './account-helpers';

/** Passwords over HTTP: no account enumeration, old hashes upgraded at login, change-password. */
const { shop, now, call, login, refresh, me, customer } = accountShop();

describe('passwords', () => {
  test('no account enumeration: an unknown e-mail runs the same scrypt (same parameters) and gets the same answer as a wrong password', async () => {
    const anna = await customer();
    const derive = jest.spyOn(PasswordHasher.prototype, 'derive');
    const wrong = await login(anna.email, 'zle-haslo-00');
    const known = derive.mock.calls.map((args) => args[2]);
    derive.mockClear();
    const unknown = await login('nie-ma-takiego@example.pl', 'zle-haslo-00');
    const unknownRuns = derive.mock.calls.map((args) => args[2]);
    expect(known).toEqual([{ logN: HASH_COST, r: 8, p: 1 }]);
    expect(unknownRuns).toEqual(known);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.result).toBe(BAD_LOGIN);
  });

  test("a registration with a taken e-mail costs the same hash and answers the spec's message", async () => {
    const anna = await customer();
    const derive = jest.spyOn(PasswordHasher.prototype, 'derive');
    const again = await call('POST', '/api/user/create', {
      customer: { email: anna.email, firstname: 'Anna', lastname: 'Kowalska' },
      password: 'inne-haslo-1',
    });
    expect(again.body).toEqual({ code: 400, result: EMAIL_TAKEN });
    expect(derive).toHaveBeenCalledTimes(1);
  });

  test('an old `scrypt$salt$hash` (N=2^14) still signs in and is upgraded to the current parameters at that login', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64url')}$${scryptSync('stare-haslo-1', salt, 32).toString('base64url')}`;
    await shop.server.db.kysely
      .insertInto('customer')
      .values({
        email: 'stary.klient@example.pl',
        firstname: 'Jan',
        lastname: 'Nowak',
        group_id: 1,
        password_hash: legacy,
        created_at: new Date(now()).toISOString(),
      })
      .execute();
    expect((await login('stary.klient@example.pl', 'zle-haslo-00')).status).toBe(401);
    const hashOf = async () =>
      (await shop.server.db.kysely.selectFrom('customer').select('password_hash').where('email', '=', 'stary.klient@example.pl').executeTakeFirstOrThrow())
        .password_hash;
    expect(await hashOf()).toBe(legacy);
    expect((await login('stary.klient@example.pl', 'stare-haslo-1')).status).toBe(200);
    expect(await hashOf()).toMatch(new RegExp(`^scrypt\\$ln=${HASH_COST},r=8,p=1\\$`));
    expect((await login('stary.klient@example.pl', 'stare-haslo-1')).status).toBe(200);
  });

  test('change-password: the current password is required; other sessions end, this one stays', async () => {
    const anna = await customer();
    const otherDevice = (await login(anna.email, anna.password)).body;
    const url = `/api/user/change-password?token=${anna.token}`;
    expect((await call('POST', url, { currentPassword: 'zle-haslo-00', newPassword: 'nowe-haslo-1' })).body).toEqual({
      code: 400,
      result: WRONG_CURRENT_PASSWORD,
    });
    expect((await call('POST', url, { currentPassword: anna.password, newPassword: 'krótkie' })).body).toEqual({
      code: 400,
      result: 'Password must have at least 8 letters',
    });
    expect((await call('POST', url, { newPassword: 'nowe-haslo-1' })).status).toBe(400);
    expect((await call('POST', url, { currentPassword: anna.password, newPassword: 'nowe-haslo-1' })).body).toEqual({ code: 200, result: true });
    expect((await refresh(otherDevice.meta.refreshToken)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(200);
    expect((await refresh(anna.refreshToken)).status).toBe(200);
    expect((await login(anna.email, anna.password)).status).toBe(401);
    expect((await login(anna.email, 'nowe-haslo-1')).status).toBe(200);
  });

  test('change-password: wrong current passwords count like failed logins (429 after 5)', async () => {
    const anna = await customer();
    const url = `/api/user/change-password?token=${anna.token}`;
    for (let n = 0; n < 5; n += 1) expect((await call('POST', url, { currentPassword: `zle-haslo-${n}`, newPassword: 'nowe-haslo-1' })).status).toBe(400);
    expect((await call('POST', url, { currentPassword: anna.password, newPassword: 'nowe-haslo-1' })).status).toBe(429);
  });
});
