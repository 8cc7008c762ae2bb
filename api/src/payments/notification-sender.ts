/**
 * The gateway's side of notifications: POST the signed body to the shop's notify URL and repeat
 * until the shop answers 200 (PayU repeats for days; the sandbox gives up after its schedule).
 * Attempts run in the background; `drain()` lets tests and shutdown wait for them.
 */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 10_000, 30_000, 120_000, 600_000];

export interface SentNotification {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export class NotificationSender {
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, (goOn: boolean) => void>();
  private stopped = false;

  constructor(
    private readonly delaysMs: readonly number[] = RETRY_DELAYS_MS,
    private readonly log: (message: string) => void = () => {},
  ) {}

  send(notification: SentNotification): void {
    const delivery = this.deliver(notification);
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Resolves when every delivery under way has been answered 200 or given up. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve(false);
    }
    this.timers.clear();
  }

  private async deliver({ url, body, headers }: SentNotification): Promise<void> {
    for (const [attempt, delay] of this.delaysMs.entries()) {
      if (delay > 0 && !(await this.wait(delay))) return;
      try {
        const response = await fetch(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', ...headers },
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status === 200) return;
        this.log(`notification to ${url}: attempt ${attempt + 1} answered ${response.status}`);
      } catch (error) {
        this.log(`notification to ${url}: attempt ${attempt + 1} failed (${(error as Error).message})`);
      }
    }
    this.log(`notification to ${url}: gave up after ${this.delaysMs.length} attempts`);
  }

  /** False when stopped meanwhile. */
  private wait(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(!this.stopped);
      }, ms);
      this.timers.set(timer, resolve);
    });
  }
}
