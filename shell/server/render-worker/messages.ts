import type { RegionRequest, RegionResult } from '@kaloryfer/contracts';
import type { ServerCodeSource } from './worker-renderer';

/** What a render thread starts with. */
export interface WorkerStart {
  source: ServerCodeSource;
  /** The instance traces: the thread sends each render's trace context with the render's calls. */
  traced: boolean;
}

/** Page server → render thread: render one region. */
export interface ToWorker {
  id: number;
  request: RegionRequest;
  /**
   * The W3C trace context of the render (`traceparent`, maybe `tracestate`), when the instance
   * traces: the thread sends it with the render's calls to the API, so they continue its trace.
   */
  trace?: Record<string, string>;
}

/** Render thread → page server. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; id: number; result: RegionResult }
  | { kind: 'error'; id: number; message: string };
