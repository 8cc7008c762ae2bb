import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { RemoteServerModule } from '@kaloryfer/contracts';
import type { FromWorker, ToWorker, WorkerStart } from './messages';

/**
 * One remote build's server code, in a thread of its own (docs/rendering.md). The code is
 * fetched from the URL the registry names (the registry's /mfe/ files on this shop, as a browser
 * fetches its chunks) and checked against the integrity hash recorded when it was published —
 * or handed over as code by the release gate — and evaluated here, so each version lives in its
 * own thread with its own module state: a release starts a new thread, a retired version's
 * thread ends, and nothing stale can linger in a module cache.
 */
const { source, traced } = workerData as WorkerStart;
const port = parentPort!;

/** Subresource Integrity of the bytes: `sha256-…` (or sha384/sha512), as the registry records it. */
function matchesIntegrity(integrity: string, bytes: Buffer): boolean {
  const match = /^(sha256|sha384|sha512)-(.+)$/.exec(integrity);
  return match !== null && createHash(match[1]).update(bytes).digest('base64') === match[2];
}

async function codeOf(): Promise<{ code: string; filename: string }> {
  if ('code' in source) return source;
  const response = await fetch(source.url);
  if (!response.ok) throw new Error(`${source.url}: HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (source.integrity && !matchesIntegrity(source.integrity, bytes)) {
    throw new Error(`${source.url}: its bytes are not the ones published (integrity ${source.integrity})`);
  }
  return { code: bytes.toString('utf8'), filename: source.url };
}

async function load(): Promise<RemoteServerModule> {
  const { code, filename } = await codeOf();
  const module = { exports: {} as Record<string, unknown> };
  // The bundle brings its own dependencies; only Node's built-ins are required from here.
  const requireBuiltin = createRequire(__filename);
  const run = vm.compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
  run(module.exports, requireBuiltin, module, filename, '.');
  const render = module.exports.render;
  if (typeof render !== 'function') throw new Error(`${filename} exports no render(request)`);
  return module.exports as unknown as RemoteServerModule;
}

/**
 * Each render's trace context (docs/operations.md, "Traces"): several renders interleave in this
 * thread, so the one a fetch() belongs to is the async context it runs in. In a thread of an
 * instance that traces, the global fetch() — what the remote's code calls (shared/ui's API
 * client) — adds the render's `traceparent` to every call made while rendering, before the code
 * is loaded (so none keeps the fetch() from before): the API's span of the call then continues
 * the page's trace under the region's span. Tracing off, fetch() is left as it is and no
 * AsyncLocalStorage is made (one in use slows every promise of the thread on Node 20).
 */
const renderTrace = traced ? new AsyncLocalStorage<Record<string, string>>() : null;
function traceFetches(store: AsyncLocalStorage<Record<string, string>>): void {
  const untraced = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const trace = store.getStore();
    if (!trace) return untraced(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [name, value] of Object.entries(trace)) if (!headers.has(name)) headers.set(name, value);
    return untraced(input, { ...init, headers });
  };
}

if (renderTrace) traceFetches(renderTrace);
const loaded = load();
loaded.then(
  () => port.postMessage({ kind: 'ready' } satisfies FromWorker),
  (error: unknown) => port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FromWorker),
);

port.on('message', (message: ToWorker) => {
  const trace = message.trace;
  void loaded
    .then((remote) => (trace && renderTrace ? renderTrace.run(trace, () => remote.render(message.request)) : remote.render(message.request)))
    .then(
      (result) => port.postMessage({ kind: 'result', id: message.id, result } satisfies FromWorker),
      (error: unknown) =>
        port.postMessage({
          kind: 'error',
          id: message.id,
          message: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error),
        } satisfies FromWorker),
    );
});
