import v8 from 'node:v8';
import { COMPACT_ABOVE_BYTES, usualGrowingPercent } from './compact-heap';

/**
 * How much the steps of one large catalogue change may add to a large heap before the next step
 * waits for V8's full collection to finish. Measured at 100,000 products (issue #49,
 * docs/catalogue.md): a 100,000-row import changes ~36,000 products, and each step parses,
 * prices and indexes thousands of documents that are dead a moment later. V8 marks the old space
 * concurrently while the steps go on, and what they allocate meanwhile survives that collection
 * (it is allocated marked), so the heap the next limit is computed from kept growing — both
 * instances rose 400–600 MB above their rest. Waiting between steps lets a marking under way
 * finish with nothing new allocated; the event loop answers requests meanwhile (a forced
 * collection instead paused an instance 1.0–1.6 s on the busy bench machine, long enough for
 * HAProxy to take it out). Only a large change is paced (catalog-sync.ts LARGE_CHANGE_SKUS): a
 * 10,000-row import has a time to keep (≤ 10 s until every instance shows it) and rose 43–141 MB.
 */
export const PACE_BYTES = 64 * 2 ** 20;
/** The longest a step waits for a collection that does not come (V8 had not started marking). */
export const PACE_WAIT_MS = 1_500;
/** While a change is paced, V8 collects after this much growth past its last full collection (compact-heap.ts holds the usual bound). */
export const PACED_GROWING_PERCENT = 5;

let pacing = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Paces a change made in steps (catalog-sync.ts's slices, the import's slices of products) on a
 * large heap (over COMPACT_ABOVE_BYTES when it is made: a shop of tens of thousands of products,
 * never a test shop unless asked): after a step that brought the heap `budget` bytes past where
 * the last full collection left it, `between()` waits — up to PACE_WAIT_MS, the event loop free —
 * for V8's next one. `done()` when the change ends.
 */
export class HeapPacer {
  /** Waits, collections seen while waiting, and the milliseconds waited: for logs and benchmarks. */
  readonly stats = { waits: 0, collections: 0, ms: 0 };
  /**
   * Where the heap stood after the last full collection (V8's GC profiler says, to the byte) —
   * until one is seen, where it stood at the start, which may hold garbage (the importing
   * instance starts its sync on the import's).
   */
  private mark = v8.getHeapStatistics().used_heap_size;
  private profiler: InstanceType<typeof v8.GCProfiler> | null = null;

  constructor(
    private readonly budget = PACE_BYTES,
    largeAbove = COMPACT_ABOVE_BYTES,
    private readonly waitMs = PACE_WAIT_MS,
  ) {
    if (v8.getHeapStatistics().total_heap_size <= largeAbove) return;
    this.profiler = new v8.GCProfiler();
    this.profiler.start();
    if (pacing === 0) v8.setFlagsFromString(`--heap-growing-percent=${PACED_GROWING_PERCENT}`);
    pacing += 1;
  }

  async between(): Promise<void> {
    if (!this.profiler) return;
    this.collected();
    if (v8.getHeapStatistics().used_heap_size - this.mark <= this.budget) return;
    const started = performance.now();
    let collected = false;
    while (!collected && performance.now() - started < this.waitMs) {
      await sleep(10);
      collected = this.collected();
    }
    this.stats.waits += 1;
    this.stats.ms += performance.now() - started;
    if (collected) this.stats.collections += 1;
    else this.mark = v8.getHeapStatistics().used_heap_size; // none came: the budget counts from here
  }

  done(): void {
    if (!this.profiler) return;
    this.profiler.stop();
    this.profiler = null;
    pacing -= 1;
    if (pacing === 0) v8.setFlagsFromString(`--heap-growing-percent=${usualGrowingPercent()}`);
  }

  /** Whether a full collection ended since the last look; the mark moves to what the last one left. */
  private collected(): boolean {
    const report = this.profiler!.stop();
    this.profiler!.start();
    const full = report.statistics.filter((gc) => gc.gcType === 'MarkSweepCompact').at(-1);
    if (full) this.mark = full.afterGC.heapStatistics.usedHeapSize;
    return full !== undefined;
  }
}
