/** The per-remote lease every registry change runs under, and what a change works with. */
import { randomBytes } from 'node:crypto';
import type { LiveRegistry } from './live-registry';
import type { RegistryStore } from './registry-store';
import type { RegistryCaller } from './registry-tokens';
import { ReleaseRefused } from './release-refusals';

/** How long a release may hold its remote's lease (the gate's slowest checks fit well inside). */
export const RELEASE_LEASE_MS = 5 * 60_000;

/** What a registry change works with: the store, the live registry every instance follows, the clock. */
export interface ChangeContext {
  readonly store: RegistryStore;
  readonly live: LiveRegistry;
  readonly now: () => Date;
}

/** Runs `change` holding the remote's lease; another change of the remote meanwhile is refused with 409. */
export async function underLease<T>(context: ChangeContext, remote: string, caller: RegistryCaller, change: () => Promise<T>): Promise<T> {
  const { store, live } = context;
  const lockId = randomBytes(12).toString('hex');
  const now = context.now();
  const lease = await store.acquireLease(remote, lockId, caller.team, now.toISOString(), new Date(now.getTime() + RELEASE_LEASE_MS).toISOString());
  if (!lease.acquired) {
    throw new ReleaseRefused(
      409,
      `release in progress: the ${lease.team} team is changing ${remote} (its lease runs until ${lease.until}); try again when it is done`,
    );
  }
  try {
    return await change();
  } finally {
    await store.releaseLease(remote, lockId).catch(() => undefined);
    await live.reload().catch(() => undefined);
  }
}
