import { pageNonce } from './nonce';

test('a nonce is 16 bytes in base64, and no two of a few pools are the same', () => {
  const nonces = Array.from({ length: 2000 }, () => pageNonce());
  for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(new Set(nonces).size).toBe(nonces.length);
});
