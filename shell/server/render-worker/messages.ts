import type { RegionRequest, RegionResult } from '@kaloryfer/contracts';

/** Page server → render thread: render one region. */
export interface ToWorker {
  id: number;
  request: RegionRequest;
}

/** Render thread → page server. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; id: number; result: RegionResult }
  | { kind: 'error'; id: number; message: string };
