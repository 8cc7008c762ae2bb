/** Where the shop's own recorder listens (the default hook: nothing leaves the machine). */
export const MARKETING_RECORDER_PATH = '/api/ext/newsletter/marketing-recorder';
/** What the recorder writes, one JSON line per call, under VAR_DIR. */
export const MARKETING_RECORDER_FILE = 'marketing-automation.jsonl';

/** The first attempt is awaited (the unsubscription answers after it); failures are repeated in the background. */
export const HOOK_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];
const ATTEMPT_TIMEOUT_MS = 5_000;

/**
 * The marketing-automation tool is told of every unsubscription (spec §7): `DELETE <url>` with
 * the JSON body `{email}`. The URL is MARKETING_UNSUBSCRIBE_URL; unset, it is this API's own
 * recorder on loopback. An answer other than 2xx is repeated on a schedule (a withdrawn consent
 * must reach the tool); the shop's own list has changed already either way.
 */
export class MarketingHook {
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly url: () => string,
    private readonly log: (message: string) => void = () => {},
    private readonly delaysMs: readonly number[] = HOOK_RETRY_DELAYS_MS,
  ) {}

  /** Resolves after the first attempt; a failed one goes on in the background. */
  async unsubscribed(email: string): Promise<boolean> {
    if (await this.attempt(email, 1)) return true;
    const retries = this.retry(email);
    this.pending.add(retries);
    void retries.finally(() => this.pending.delete(retries));
    return false;
  }

  /** Waits for the retries under way (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async retry(email: string): Promise<void> {
    for (const [index, delay] of this.delaysMs.entries()) {
      if (!(await this.wait(delay))) return;
      if (await this.attempt(email, index + 2)) return;
    }
    this.log(`marketing automation: gave up telling ${this.url()} of an unsubscription after ${this.delaysMs.length + 1} attempts`);
  }

  private async attempt(email: string, attempt: number): Promise<boolean> {
    const url = this.url();
    try {
      const response = await fetch(url, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      if (response.ok) return true;
      this.log(`marketing automation: DELETE ${url} attempt ${attempt} answered ${response.status}`);
    } catch (error) {
      this.log(`marketing automation: DELETE ${url} attempt ${attempt} failed (${(error as Error).message})`);
    }
    return false;
  }

  private wait(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve(!this.stopped);
      }, ms);
      this.timers.add(timer);
    });
  }
}
