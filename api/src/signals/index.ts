/**
 * The signals' door: what other areas use of it — the per-build counts the canaries and the report read, what /metrics is told, the histogram's buckets.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { BUCKETS } from './histogram';
export { type BrowserObservation, type BuildRef, type BuildSignals, type RenderOutcome, type SignalListener, type Signals } from './signals';
