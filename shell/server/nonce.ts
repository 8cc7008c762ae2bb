import { randomFillSync } from 'node:crypto';

/** Nonces drawn per fill of the pool. */
const PER_FILL = 256;
const NONCE_BYTES = 16;
const pool = Buffer.alloc(PER_FILL * NONCE_BYTES);
let next = PER_FILL;

/**
 * A page's CSP nonce: 16 random bytes (128 bits, CSP 3's minimum), base64. Drawn from a pool the
 * system's generator fills 4 KB at a time — as Node's own randomUUID() does — since a call into
 * it per page cost ~35 µs of the page server's one thread (a CPU profile of bench:web's product
 * page: 3 % of it). Each nonce's bytes are used once.
 */
export function pageNonce(): string {
  if (next === PER_FILL) {
    randomFillSync(pool);
    next = 0;
  }
  const at = next * NONCE_BYTES;
  next += 1;
  return pool.toString('base64', at, at + NONCE_BYTES);
}
