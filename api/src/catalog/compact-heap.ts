import v8 from 'node:v8';
import vm from 'node:vm';

let collect: ((options?: { type: 'major' | 'minor'; execution: 'sync' | 'async' }) => void) | null = null;

/**
 * Below this much heap a compaction frees little (a 1,500-product shop's heap is ~150 MB) and
 * would only add 0.1–0.3 s to every start — of each test's server too.
 */
export const COMPACT_ABOVE_BYTES = 512 * 2 ** 20;

/**
 * How far V8 lets the old space grow past what its last full collection kept before it collects
 * again, once the heap is large. V8's own factor (up to 4× for a heap that grows fast) suits a
 * small heap; at 100,000 products it let an import's garbage — each changed product's document
 * parsed, priced and indexed, dead a moment later — take the process from 1.4 to 2.9 GB (issue
 * #49, docs/catalogue.md "Measured a third time"). 20 %: a 10,000-row import then costs an
 * instance 43–141 MB instead of 302–349 MB, for ~1.5 s more until it is visible (a full
 * collection per ~270 MB it allocates). It does not hold at 100,000 rows (+0.4–1.5 GB): V8's
 * marking runs behind an allocation that fast.
 */
export const LARGE_HEAP_GROWING_PERCENT = 20;
let growthBounded = false;

/** The growth bound in force outside a paced change (heap-pacer.ts): 0 is V8's own factor. */
export const usualGrowingPercent = () => (growthBounded ? LARGE_HEAP_GROWING_PERCENT : 0);

/** `compactHeap()` when the heap is over `COMPACT_ABOVE_BYTES` — from then on, its growth bounded. */
export function compactLargeHeap(): void {
  // Before the collection: the limit it sets for the next one is computed with this factor.
  if (boundLargeHeapGrowth()) compactHeap();
}

/**
 * When the heap is over `COMPACT_ABOVE_BYTES`, its growth bounded (LARGE_HEAP_GROWING_PERCENT)
 * from now on; answers whether it is. A catalogue restored from a snapshot needs no compaction
 * (its documents' repeated strings died young: snapshot-file.ts) but this bound as much as a load.
 */
export function boundLargeHeapGrowth(): boolean {
  if (v8.getHeapStatistics().total_heap_size <= COMPACT_ABOVE_BYTES) return false;
  if (!growthBounded) v8.setFlagsFromString(`--heap-growing-percent=${LARGE_HEAP_GROWING_PERCENT}`);
  growthBounded = true;
  return true;
}

/**
 * One full garbage collection that compacts the whole old space, then back to V8's usual
 * choice. Run after a full catalogue load: the load parses every product document (at 100,000
 * products ~1 GB of JSON text and rows, promoted to the old space while the products were
 * built) and leaves the old space's pages mostly empty but not empty — V8 keeps them, so the
 * process held 1.8–2.0 GB of heap for 1.25 GB of live objects (docs/scaling.md, "Memory at 100,000
 * products"). Compacting moves the live objects together and frees the rest; the pages go back
 * to the system within seconds. 1.7–1.9 s of one core at 100,000 products.
 * Answers the milliseconds it took.
 */
export function compactHeap(): number {
  const started = performance.now();
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    fullCollection();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
  return performance.now() - started;
}

/**
 * Asks V8 for a full collection that runs as its own do — incrementally, marking beside the
 * event loop — rather than in one pause: after work that left a large, briefly held allocation
 * behind (a catalogue snapshot written: its serialized state, ~300 MB outside the heap at
 * 100,000 products, is returned only when a full collection finds its wrapper dead).
 */
export function collectSoon(): void {
  collector()({ type: 'major', execution: 'async' });
}

function fullCollection(): void {
  collector()();
}

function collector(): NonNullable<typeof collect> {
  // `global.gc` exists only with --expose-gc; the flag set now makes a fresh context carry it.
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as NonNullable<typeof collect>;
  }
  return collect;
}
