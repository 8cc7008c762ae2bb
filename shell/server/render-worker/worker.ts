import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { RegionRequest, RemoteServerModule } from '@kaloryfer/contracts';
import type { FromWorker, ToWorker } from './messages';
import type { ServerCodeSource } from './worker-renderer';

/**
 * One remote build's server code, in a thread of its own (docs/rendering.md). The code is
 * fetched from the URL the registry names (the registry's /mfe/ files on this shop, as a browser
 * fetches its chunks) and checked against the integrity hash recorded when it was published —
 * or handed over as code by the release gate — and evaluated here, so each version lives in its
 * own thread with its own module state: a release starts a new thread, a retired version's
 * thread ends, and nothing stale can linger in a module cache.
 */
const source = workerData as ServerCodeSource;
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
