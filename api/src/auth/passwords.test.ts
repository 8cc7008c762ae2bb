import { randomBytes, scryptSync } from 'node:crypto';
import { LEGACY_SCRYPT, OWASP_SCRYPT, parseHash, PasswordHasher } from './passwords';

const fast = new PasswordHasher({ logN: 14, r: 8, p: 1 });

describe('password hashes', () => {
  test('the default is OWASP scrypt (N=2^17, r=8, p=1), kept with the hash, and verifies (maxmem raised for 128 MiB)', async () => {
    const hasher = new PasswordHasher();
    expect(hasher.params).toEqual(OWASP_SCRYPT);
    const stored = await hasher.hash('zażółć gęślą jaźń');
    expect(stored).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hasher.verify('zażółć gęślą jaźń', stored)).toBe(true);
    expect(await hasher.verify('zazolc gesla jazn', stored)).toBe(false);
    expect(hasher.needsRehash(stored)).toBe(false);
  }, 30_000);

  test('two hashes of one password differ (salted)', async () => {
    expect(await fast.hash('tajne-haslo-1')).not.toBe(await fast.hash('tajne-haslo-1'));
  });

  test('an old `scrypt$salt$hash` (Node defaults, N=2^14) still verifies and asks to be made again', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64url')}$${scryptSync('tajne-haslo-1', salt, 32).toString('base64url')}`;
    expect(parseHash(legacy)?.params).toEqual(LEGACY_SCRYPT);
    const hasher = new PasswordHasher({ logN: 15, r: 8, p: 1 });
    expect(await hasher.verify('tajne-haslo-1', legacy)).toBe(true);
    expect(await hasher.verify('tajne-haslo-2', legacy)).toBe(false);
    expect(hasher.needsRehash(legacy)).toBe(true);
  });

  test('a hash keeps its own parameters: one made at 2^14 verifies under a 2^15 setting, which wants it made again', async () => {
    const stored = await fast.hash('tajne-haslo-1');
    const stronger = new PasswordHasher({ logN: 15, r: 8, p: 1 });
    expect(await stronger.verify('tajne-haslo-1', stored)).toBe(true);
    expect(stronger.needsRehash(stored)).toBe(true);
    expect(fast.needsRehash(stored)).toBe(false);
  });

  test('the dummy hash has the current parameters and matches no password', async () => {
    expect(parseHash(fast.dummyHash())?.params).toEqual(fast.params);
    expect(fast.dummyHash()).toBe(fast.dummyHash());
    expect(await fast.verify('', fast.dummyHash())).toBe(false);
    expect(await fast.verify('tajne-haslo-1', fast.dummyHash())).toBe(false);
  });

  test.each(['', 'plain', 'bcrypt$x$y', 'scrypt$ln=99,r=8,p=1$c2FsdA$aGFzaA', 'scrypt$ln=14,r=8$c2FsdA$aGFzaA', 'scrypt$$'])(
    'an unreadable hash %p never verifies, after the same scrypt work',
    async (stored) => {
      const derive = jest.spyOn(fast, 'derive');
      expect(await fast.verify('tajne-haslo-1', stored)).toBe(false);
      expect(derive).toHaveBeenCalledTimes(1);
      expect(derive.mock.calls[0][2]).toEqual(fast.params);
      derive.mockRestore();
    },
  );
});
