import { EMAIL_TAKEN } from '../src/customers/profile-store';
import { accountShop, SHIPPING } from './account-helpers';

/**
 * The profile over HTTP (GET/POST me, registration): its allow-list, the address book, and
 * another customer's address → 404.
 */
const { shop, call, login, refresh, me, customer } = accountShop();

describe('profile', () => {
  test('GET me: the customer with addresses, defaults, newsletter flag and a group token for their group', async () => {
    const anna = await customer();
    const profile = (await me(anna.token)).body.result;
    expect(profile).toEqual({
      id: anna.id,
      group_id: 1,
      email: anna.email,
      firstname: 'Anna',
      lastname: 'Kowalska',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      addresses: [],
      extension_attributes: { is_subscribed: false },
      groupToken: expect.any(String),
    });
    expect(shop.server.app.groupTokens.read(profile.groupToken)).toBe(1);
  });

  test('POST me saves names, e-mail, the address book with defaults and the newsletter flag', async () => {
    const anna = await customer();
    const saved = await call('POST', `/api/user/me?token=${anna.token}`, {
      customer: {
        firstname: 'Anna-Maria',
        lastname: 'Nowak',
        extension_attributes: { is_subscribed: true },
        addresses: [
          { ...SHIPPING, default_shipping: true },
          {
            ...SHIPPING,
            street: ['ul. Fakturowa 1'],
            city: 'Warszawa',
            postcode: '00-950',
            company: 'Instalbud Sp. z o.o.',
            vat_id: '9512345675',
            default_billing: true,
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const [home, office] = saved.body.result.addresses;
    expect(saved.body.result).toMatchObject({
      firstname: 'Anna-Maria',
      lastname: 'Nowak',
      extension_attributes: { is_subscribed: true },
      default_shipping: String(home.id),
      default_billing: String(office.id),
      groupToken: expect.any(String),
    });
    expect(home).toMatchObject({ ...SHIPPING, customer_id: anna.id, default_shipping: true });
    expect(office).toMatchObject({ city: 'Warszawa', company: 'Instalbud Sp. z o.o.', vat_id: '9512345675', default_billing: true });
    expect((await me(anna.token)).body.result).toEqual(saved.body.result);

    // The whole book as VSF sends it back: the office edited, the home left out (deleted), its stale default id ignored.
    const edited = await call('POST', `/api/user/me?token=${anna.token}`, {
      customer: { ...saved.body.result, addresses: [{ ...office, city: 'Gdańsk', postcode: '80-001' }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result.addresses).toEqual([expect.objectContaining({ id: office.id, city: 'Gdańsk', default_billing: true })]);
    expect(edited.body.result.default_shipping).toBeUndefined();
    expect(edited.body.result.default_billing).toBe(String(office.id));
    expect(await shop.server.db.kysely.selectFrom('customer_address').select('id').where('customer_id', '=', anna.id).execute()).toEqual([{ id: office.id }]);

    const renamed = await call('POST', `/api/user/me?token=${anna.token}`, { customer: { email: `Nowy.${anna.email}` } });
    expect(renamed.body.result.email).toBe(`nowy.${anna.email}`);
    expect((await login(`nowy.${anna.email}`, anna.password)).status).toBe(200);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a postcode not in xx-xxx', { addresses: [{ ...SHIPPING, postcode: '30001' }] }, 'customer.addresses[0]: Enter the zip code in the xx-xxx format'],
    ['a wrong phone', { addresses: [{ ...SHIPPING, telephone: '12 34' }] }, 'customer.addresses[0]: The phone number you entered is incorrect'],
    ['no city', { addresses: [{ ...SHIPPING, city: ' ' }] }, 'customer.addresses[0]: Field is required'],
    ['an address abroad', { addresses: [{ ...SHIPPING, country_id: 'DE' }] }, 'customer.addresses[0]: We deliver in Poland only (country_id PL)'],
    ['a one-letter name', { firstname: 'A' }, 'customer.firstname: Name must have at least 2 letters'],
    ['a bad e-mail', { email: 'anna@' }, 'customer.email: Please provide valid e-mail address'],
  ])("POST me refuses %s with the spec's message and changes nothing", async (_name, changes, message) => {
    const anna = await customer();
    const before = (await me(anna.token)).body.result;
    const refused = await call('POST', `/api/user/me?token=${anna.token}`, { customer: changes });
    expect(refused.body).toEqual({ code: 400, result: message });
    expect((await me(anna.token)).body.result).toEqual(before);
  });

  test("POST me: another customer's e-mail → the spec's message", async () => {
    const anna = await customer();
    const jan = await customer();
    expect((await call('POST', `/api/user/me?token=${jan.token}`, { customer: { email: anna.email } })).body).toEqual({ code: 400, result: EMAIL_TAKEN });
  });

  test('mass assignment: group_id, ids, password hash, dates and unknown fields are ignored', async () => {
    const anna = await customer();
    const before = await shop.server.db.kysely.selectFrom('customer').selectAll().where('id', '=', anna.id).executeTakeFirstOrThrow();
    const answer = await call('POST', `/api/user/me?token=${anna.token}`, {
      customer: {
        id: anna.id + 1000,
        group_id: 2,
        password_hash: 'scrypt$x$y',
        password: 'przejete-1',
        created_at: '2000-01-01T00:00:00.000Z',
        is_admin: true,
        store_id: 9,
        firstname: 'Ewa',
        addresses: [{ ...SHIPPING, customer_id: anna.id + 1000 }],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ id: anna.id, group_id: 1, firstname: 'Ewa', created_at: before.created_at });
    expect(answer.body.result).not.toHaveProperty('is_admin');
    expect(answer.body.result).not.toHaveProperty('store_id');
    expect(answer.body.result.addresses[0].customer_id).toBe(anna.id);
    expect(shop.server.app.groupTokens.read(answer.body.result.groupToken)).toBe(1);
    const after = await shop.server.db.kysely.selectFrom('customer').selectAll().where('id', '=', anna.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ group_id: 1, password_hash: before.password_hash, created_at: before.created_at });
    expect((await login(anna.email, anna.password)).status).toBe(200);
    // The next access token still names the retail group (the cart prices for it).
    const renewed = (await refresh(anna.refreshToken)).body.result as string;
    expect(JSON.parse(Buffer.from(renewed.split('.')[0], 'base64url').toString())).toMatchObject({ c: anna.id, g: 1 });
  });

  test("IDOR: another customer's address id → 404 and their address is untouched", async () => {
    const anna = await customer();
    const jan = await customer();
    const annas = (await call('POST', `/api/user/me?token=${anna.token}`, { customer: { addresses: [SHIPPING] } })).body.result.addresses[0];
    const taken = await call('POST', `/api/user/me?token=${jan.token}`, { customer: { addresses: [{ ...SHIPPING, id: annas.id, city: 'Poznań' }] } });
    expect(taken.body).toEqual({ code: 404, result: 'No such address' });
    const missing = await call('POST', `/api/user/me?token=${jan.token}`, { customer: { addresses: [{ ...SHIPPING, id: 999_999 }] } });
    expect(missing.body).toEqual(taken.body);
    expect((await me(anna.token)).body.result.addresses).toEqual([annas]);
    expect((await me(jan.token)).body.result.addresses).toEqual([]);
    // A default pointing at someone else's address is not read.
    const pointed = await call('POST', `/api/user/me?token=${jan.token}`, { customer: { default_shipping: annas.id } });
    expect(pointed.body.result.default_shipping).toBeUndefined();
  });

  test('registration may carry addresses and the newsletter consent; the answer stays the plain customer', async () => {
    const created = await call('POST', '/api/user/create', {
      customer: {
        email: 'z.adresem@example.pl',
        firstname: 'Ola',
        lastname: 'Wiśniewska',
        addresses: [{ ...SHIPPING, default_shipping: true }],
        extension_attributes: { is_subscribed: true },
      },
      password: 'tajne-haslo-1',
    });
    expect(created.body.result).toEqual({ id: expect.any(Number), email: 'z.adresem@example.pl', firstname: 'Ola', lastname: 'Wiśniewska', group_id: 1 });
    const token = (await login('z.adresem@example.pl', 'tajne-haslo-1')).body.result;
    expect((await me(token)).body.result).toMatchObject({
      extension_attributes: { is_subscribed: true },
      addresses: [expect.objectContaining({ postcode: '30-001', default_shipping: true })],
    });
    const refused = await call('POST', '/api/user/create', {
      customer: { email: 'zly.adres@example.pl', firstname: 'Ola', lastname: 'Wiśniewska', addresses: [{ ...SHIPPING, postcode: '3' }] },
      password: 'tajne-haslo-1',
    });
    expect(refused.status).toBe(400);
    expect(await shop.server.db.kysely.selectFrom('customer').select('id').where('email', '=', 'zly.adres@example.pl').execute()).toEqual([]);
  });
});
