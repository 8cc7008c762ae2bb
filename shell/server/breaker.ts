/**
 * A circuit breaker per remote build (docs/rendering.md): after `failures` failed or late
 * renders in a row the page server stops asking that build for `coolDownMs` and renders its
 * fallback at once; then one request tries again (half-open) and a success closes it.
 */
export class Breaker {
  private failuresInRow = 0;
  private openUntil = 0;
  private trial = false;

  constructor(
    private readonly options: { failures: number; coolDownMs: number } = { failures: 3, coolDownMs: 30_000 },
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether this request may ask the build. */
  allows(): boolean {
    if (this.failuresInRow < this.options.failures) return true;
    if (this.now() < this.openUntil || this.trial) return false;
    this.trial = true; // half-open: one request tries
    return true;
  }

  succeeded(): void {
    this.failuresInRow = 0;
    this.trial = false;
  }

  failed(): void {
    this.failuresInRow += 1;
    this.trial = false;
    if (this.failuresInRow >= this.options.failures) this.openUntil = this.now() + this.options.coolDownMs;
  }

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.failuresInRow < this.options.failures) return 'closed';
    return this.now() < this.openUntil ? 'open' : 'half-open';
  }
}
