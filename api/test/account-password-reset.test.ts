import { createHash, randomBytes } from 'node:crypto';
import { RESET_EXPIRED, RESET_INVALID, RESET_MAIL_FAILED, RESET_USED } from '../src/customers/password-changes';
import { FileOutbox } from '../src/mail/outbox';
import { accountShop } from './account-helpers';

/** Password reset over HTTP: the e-mail in the outbox, its single-use link, expiry, and a failed send. */
const { shop, advance, call, login, refresh, me, customer, requestReset } = accountShop();

describe('password reset', () => {
  test('a known e-mail gets a Polish e-mail with a single-use link; the link sets the password, ends every session, and works once', async () => {
    const anna = await customer();
    const { answer, mails, link } = await requestReset(anna.email.toUpperCase());
    expect(answer.body).toEqual({ code: 200, result: true });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: ${anna.email.replace('.', '\\.')}$`, 'm'));
    expect(mails[0]).toContain('otrzymaliśmy prośbę o ustawienie nowego hasła');
    expect(mails[0]).toContain('Link działa przez 60 minut i tylko raz.');
    expect(mails[0]).toMatch(/Content-Type: text\/html/);
    expect(link!.email).toBe(anna.email);
    // Only the token's hash is kept.
    const rows = await shop.server.db.kysely.selectFrom('password_reset').selectAll().where('customer_id', '=', anna.id).execute();
    expect(rows).toEqual([expect.objectContaining({ token_hash: createHash('sha256').update(link!.resetToken).digest('hex'), used_at: null })]);

    const created = await call('POST', '/api/user/create-password', { ...link, newPassword: 'nowe-haslo-1' });
    expect(created.body).toEqual({ code: 200, result: true });
    expect((await login(anna.email, anna.password)).status).toBe(401);
    expect((await login(anna.email, 'nowe-haslo-1')).status).toBe(200);
    expect((await refresh(anna.refreshToken)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(401);
    const reused = await call('POST', '/api/user/create-password', { ...link, newPassword: 'inne-haslo-2' });
    expect(reused.body).toEqual({ code: 400, result: RESET_USED });
    expect((await login(anna.email, 'nowe-haslo-1')).status).toBe(200);
  });

  test('a link older than an hour is refused; a newer link replaces an older one; the link is for its own e-mail only', async () => {
    const anna = await customer();
    const jan = await customer();
    const first = (await requestReset(anna.email)).link!;
    advance(60 * 60 + 1);
    expect((await call('POST', '/api/user/create-password', { ...first, newPassword: 'nowe-haslo-1' })).body).toEqual({ code: 400, result: RESET_EXPIRED });
    const second = (await requestReset(anna.email)).link!;
    const third = (await requestReset(anna.email)).link!;
    expect((await call('POST', '/api/user/create-password', { ...second, newPassword: 'nowe-haslo-1' })).body.result).toBe(RESET_USED);
    expect((await call('POST', '/api/user/create-password', { ...third, email: jan.email, newPassword: 'nowe-haslo-1' })).body.result).toBe(RESET_INVALID);
    expect(
      (await call('POST', '/api/user/create-password', { ...third, resetToken: randomBytes(32).toString('base64url'), newPassword: 'nowe-haslo-1' })).body
        .result,
    ).toBe(RESET_INVALID);
    expect((await call('POST', '/api/user/create-password', { ...third, newPassword: 'krótkie' })).body).toEqual({
      code: 400,
      result: 'Password must have at least 8 letters',
    });
    expect((await call('POST', '/api/user/create-password', { ...third, newPassword: 'nowe-haslo-1' })).body.result).toBe(true);
    expect((await login(jan.email, jan.password)).status).toBe(200);
  });

  test("an unknown e-mail gets the very same answer and no e-mail (no account enumeration); a malformed one the spec's message", async () => {
    const anna = await customer();
    const known = await requestReset(anna.email);
    const unknown = await requestReset('nie-ma-takiego@example.pl');
    expect(unknown.answer.status).toBe(known.answer.status);
    expect(unknown.answer.body).toEqual(known.answer.body);
    expect(unknown.mails).toHaveLength(0);
    expect((await call('POST', '/api/user/reset-password', { email: 'anna@' })).body).toEqual({ code: 400, result: 'Please provide valid e-mail address' });
  });

  test("when the e-mail cannot be sent: 500 'Error while sending reset password e-mail', and no link stays valid", async () => {
    const anna = await customer();
    jest.spyOn(FileOutbox.prototype, 'send').mockRejectedValueOnce(new Error('SMTP 421 service not available'));
    const failed = await requestReset(anna.email);
    expect(failed.answer.body).toEqual({ code: 500, result: RESET_MAIL_FAILED });
    expect(await shop.server.db.kysely.selectFrom('password_reset').select('id').where('customer_id', '=', anna.id).execute()).toEqual([]);
    expect((await requestReset(anna.email)).answer.status).toBe(200);
  });
});
