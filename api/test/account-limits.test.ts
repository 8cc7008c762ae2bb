import { TOO_MANY_ATTEMPTS } from '../src/auth/rate-limit';
import { accountShop } from './account-helpers';

/** The account limits over HTTP: failed logins, reset requests and refreshes per minute → 429 with Retry-After. */
const { advance, login, refresh, customer, requestReset } = accountShop();

describe('limits', () => {
  test('5 failed logins a minute for one IP and account → 429 with Retry-After, even with the right password; the limit resets', async () => {
    const anna = await customer();
    for (let n = 0; n < 5; n += 1) expect((await login(anna.email, 'zle-haslo-00')).status).toBe(401);
    const limited = await login(anna.email, anna.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, result: TOO_MANY_ATTEMPTS, meta: { retryAfter: 60 } });
    expect(limited.headers.get('retry-after')).toBe('60');
    advance(30);
    expect((await login(anna.email, anna.password)).headers.get('retry-after')).toBe('30');
    // Another account from the same address is not held up.
    const jan = await customer();
    expect((await login(jan.email, jan.password)).status).toBe(200);
    advance(31);
    expect((await login(anna.email, anna.password)).status).toBe(200);
  });

  test('an unknown e-mail is limited the same way (the limit reveals nothing either)', async () => {
    for (let n = 0; n < 5; n += 1) expect((await login('nikt@example.pl', 'zle-haslo-00')).status).toBe(401);
    expect((await login('nikt@example.pl', 'zle-haslo-00')).status).toBe(429);
  });

  test('reset-password: 3 requests per e-mail in 15 minutes, then 429; the window passes', async () => {
    const anna = await customer();
    for (let n = 0; n < 3; n += 1) expect((await requestReset(anna.email)).answer.status).toBe(200);
    const limited = await requestReset(anna.email);
    expect(limited.answer.status).toBe(429);
    expect(limited.mails).toHaveLength(0);
    expect(Number(limited.answer.headers.get('retry-after'))).toBe(15 * 60);
    advance(15 * 60);
    expect((await requestReset(anna.email)).answer.status).toBe(200);
  });

  test('refresh: 10 a minute per account, then 429 with Retry-After; a minute later it works', async () => {
    const anna = await customer();
    let refreshToken = anna.refreshToken;
    for (let n = 0; n < 10; n += 1) {
      const answer = await refresh(refreshToken);
      expect(answer.status).toBe(200);
      refreshToken = answer.body.meta.refreshToken;
    }
    const limited = await refresh(refreshToken);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    advance(60);
    expect((await refresh(refreshToken)).status).toBe(200); // the limited call did not spend the token
  });
});
