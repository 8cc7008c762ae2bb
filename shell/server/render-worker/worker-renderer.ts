import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RegionRequest, RegionResult } from '@kaloryfer/contracts';
import { context, propagation } from '@opentelemetry/api';
import type { FromWorker, ToWorker, WorkerStart } from './messages';

/** Renders regions with one remote build's server code. */
export interface RegionRenderer {
  /** Resolves once the build's code is loaded, rejects when it cannot be. */
  ready(): Promise<void>;
  render(request: RegionRequest): Promise<RegionResult>;
  close(): Promise<void>;
}

const WORKER_FILE = path.join(__dirname, 'worker.ts');

/**
 * Where a build's server code comes from: its URL in the registry (with the Subresource Integrity
 * hash the registry recorded at publishing: other bytes are refused), or the code itself (the
 * release gate trying a build that is not published yet).
 */
export type ServerCodeSource = { url: string; integrity?: string } | { code: string; filename: string };

/**
 * A build's server code in its own worker thread: loaded once from its URL, asked per region,
 * ended when the build is retired. A thread that dies fails what it had in hand; the next
 * render starts a new one (the breaker in front decides whether to try).
 */
export class WorkerRenderer implements RegionRenderer {
  private worker: Worker | null = null;
  private loaded: Promise<void> | null = null;
  private readonly pending = new Map<number, { resolve: (result: RegionResult) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly source: ServerCodeSource,
    private readonly memoryMb = 256,
  ) {}

  private get name(): string {
    return 'url' in this.source ? this.source.url : this.source.filename;
  }

  ready(): Promise<void> {
    this.start();
    return this.loaded!;
  }

  async render(request: RegionRequest): Promise<RegionResult> {
    if (this.closed) throw new Error('the render thread was retired');
    await this.ready();
    const id = this.nextId++;
    // The render's trace context (its span's, compose-page.ts): the thread has no tracer of its
    // own, so it is handed the headers to send. Nothing is injected while tracing is off.
    const trace: Record<string, string> = {};
    propagation.inject(context.active(), trace);
    return new Promise<RegionResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage((trace.traceparent ? { id, request, trace } : { id, request }) satisfies ToWorker);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): void {
    if (this.worker) return;
    // Workers do not inherit tsx's loader: register it first, then run the TypeScript worker.
    const worker = new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(WORKER_FILE)});`, {
      eval: true,
      // Whether this instance traces (a propagator is registered: composition/tracing.ts).
      workerData: { source: this.source, traced: propagation.fields().includes('traceparent') } satisfies WorkerStart,
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
    });
    this.worker = worker;
    this.loaded = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') {
          // The code could not be loaded (its origin down?): end the thread; a later render tries anew.
          reject(new Error(message.message));
          void worker.terminate();
        } else this.settle(message);
      });
      worker.on('error', (error) => {
        reject(error);
        this.fail(error);
      });
      worker.on('exit', (code) => {
        const error = new Error(`the render thread of ${this.name} ended (${code})`);
        reject(error);
        this.fail(error);
        if (this.worker === worker) this.worker = null;
      });
    });
    this.loaded.catch(() => undefined); // a failed load is reported to each render that waits on it
  }

  private settle(message: Extract<FromWorker, { id: number }>): void {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.kind === 'result') waiting.resolve(message.result);
    else waiting.reject(new Error(message.message));
  }

  private fail(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
