import type { Notification, NotificationInput } from '@kaloryfer/contracts';
import type { WritableAtom } from 'nanostores';

export const DEFAULT_TIME_TO_LIVE = 5000;

interface Timers {
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The shell is the one writer of $notifications (spec §4, §8): a duplicate of the last
 * message is ignored; each expires after its timeToLive or 5000 ms unless hasNoTimeout.
 */
export class NotificationCenter {
  private nextId = 1;
  private readonly timers = new Map<number, unknown>();

  constructor(
    private readonly store: WritableAtom<Notification[]>,
    private readonly clock: Timers = globalThis as unknown as Timers,
  ) {}

  add(input: NotificationInput): Notification | null {
    const current = this.store.get();
    const last = current[current.length - 1];
    if (last && last.message === input.message && JSON.stringify(last.params) === JSON.stringify(input.params)) {
      return null;
    }
    const notification: Notification = { action1: { label: 'OK' }, ...input, id: this.nextId++ };
    this.store.set([...current, notification]);
    if (!notification.hasNoTimeout) {
      const ttl = notification.timeToLive ?? DEFAULT_TIME_TO_LIVE;
      this.timers.set(
        notification.id,
        this.clock.setTimeout(() => this.remove(notification.id), ttl),
      );
    }
    return notification;
  }

  remove(id: number): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) this.clock.clearTimeout(timer);
    this.timers.delete(id);
    this.store.set(this.store.get().filter((notification) => notification.id !== id));
  }
}
