import { createRequire } from 'node:module';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { RegionRequest, RemoteServerModule } from '@kaloryfer/contracts';
import type { FromWorker, ToWorker } from './messages';

/**
 * One remote build's server code, in a thread of its own (docs/rendering.md). The code is
 * fetched from the URL the registry names — the remote's origin, as a browser fetches its
 * chunks — and evaluated here, so each version lives in its own thread with its own module
 * state: a release starts a new thread, a retired version's thread ends, and nothing stale can
 * linger in a module cache.
 */
const { url } = workerData as { url: string };
const port = parentPort!;

async function load(): Promise<RemoteServerModule> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const code = await response.text();
  const module = { exports: {} as Record<string, unknown> };
  // The bundle brings its own dependencies; only Node's built-ins are required from here.
  const requireBuiltin = createRequire(__filename);
  const run = vm.compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: url });
  run(module.exports, requireBuiltin, module, url, '.');
  const render = module.exports.render;
  if (typeof render !== 'function') throw new Error(`${url} exports no render(request)`);
  return module.exports as unknown as RemoteServerModule;
}

const loaded = load();
loaded.then(
  () => port.postMessage({ kind: 'ready' } satisfies FromWorker),
  (error: unknown) => port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FromWorker),
);

port.on('message', (message: ToWorker) => {
  void loaded
    .then((remote) => remote.render(message.request as RegionRequest))
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
