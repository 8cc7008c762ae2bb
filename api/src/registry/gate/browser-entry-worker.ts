import { createHash } from 'node:crypto';
import vm from 'node:vm';
import * as federationRuntimeCore from '@module-federation/runtime-core';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The release gate's browser-entry check, in a thread of its own (browser-entry-check.ts starts
 * it and ends it when it is late): the build's remoteEntry.js is evaluated in a fresh `vm`
 * context that offers what a browser offers Module Federation — a global object, a `document`
 * whose <script> and <link> elements "load" the build's own files (checking their `integrity`
 * as a browser does), and the federation runtime the shell provides (`_FEDERATION_RUNTIME_CORE`,
 * the builds use it as an external runtime). Then the container's contract: `init` with an
 * empty share scope, and `get` of every module the shell loads of this remote, which loads each
 * module's chunks; then each module is evaluated (its factory run), with the few browser
 * objects modules touch as they load (navigator, storage, matchMedia, event listeners, element
 * styles) — nothing is rendered or mounted.
 */
export interface BrowserEntryJob {
  files: Record<string, Uint8Array>;
  entryPath: string;
  container: string;
  modules: string[];
}

export interface BrowserEntryAnswer {
  ok: boolean;
  detail: string;
}

const job = workerData as BrowserEntryJob;
const BASE = 'https://build.invalid/';

function integrityMatches(expected: string, bytes: Uint8Array): boolean {
  // SRI: any of the listed hashes of the strongest algorithm listed must match.
  const listed = expected
    .split(/\s+/)
    .map((item) => /^(sha256|sha384|sha512)-([A-Za-z0-9+/=]+)/.exec(item))
    .filter((match): match is RegExpExecArray => match !== null);
  if (listed.length === 0) return true;
  const strength = { sha256: 1, sha384: 2, sha512: 3 } as const;
  const best = Math.max(...listed.map((match) => strength[match[1] as keyof typeof strength]));
  return listed
    .filter((match) => strength[match[1] as keyof typeof strength] === best)
    .some((match) => createHash(match[1]).update(bytes).digest('base64') === match[2]);
}

async function check(): Promise<BrowserEntryAnswer> {
  const problems: string[] = [];
  const context: Record<string, unknown> = {
    console: { log: () => undefined, info: () => undefined, debug: () => undefined, warn: () => undefined, error: () => undefined },
    setTimeout,
    clearTimeout,
    queueMicrotask,
    URL,
    Promise,
  };
  context.globalThis = context;
  context.self = context;
  context.window = context;
  // The shop's page: the build is on another origin here, so chunks load with CORS and integrity.
  context.location = new URL('https://shop.invalid/');
  const noop = () => undefined;
  const storage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
      clear: () => items.clear(),
      key: () => null,
      get length() {
        return items.size;
      },
    };
  };
  Object.assign(context, {
    navigator: { userAgent: 'Mozilla/5.0 (Kaloryfer release gate)', language: 'pl-PL', languages: ['pl-PL'], onLine: true },
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => true,
    localStorage: storage(),
    sessionStorage: storage(),
    matchMedia: () => ({ matches: false, addEventListener: noop, removeEventListener: noop, addListener: noop, removeListener: noop }),
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, 16),
    cancelAnimationFrame: clearTimeout,
  });
  const entryUrl = new URL(job.entryPath, BASE).href;
  const attach = (element: FakeElement) => {
    queueMicrotask(() => element.load());
    return element;
  };
  const head = { appendChild: attach, insertBefore: attach };
  interface FakeElement {
    tagName: string;
    src?: string;
    href?: string;
    integrity?: string;
    onload?: ((event: unknown) => void) | null;
    onerror?: ((event: unknown) => void) | null;
    load(): void;
  }
  context.document = {
    addEventListener: noop,
    removeEventListener: noop,
    documentElement: { lang: 'pl', style: {} },
    cookie: '',
    readyState: 'complete',
    currentScript: { src: entryUrl, tagName: 'SCRIPT', getAttribute: () => null },
    head,
    body: head,
    getElementsByTagName: () => [],
    querySelectorAll: () => [],
    querySelector: () => null,
    createElement(tag: string) {
      const attributes: Record<string, string> = {};
      const element: FakeElement & Record<string, unknown> = {
        tagName: tag.toUpperCase(),
        style: {},
        parentNode: null,
        setAttribute: (name: string, value: string) => {
          attributes[name] = String(value);
        },
        getAttribute: (name: string) => attributes[name] ?? null,
        removeAttribute: (name: string) => {
          delete attributes[name];
        },
        load() {
          const url = String(element.src ?? element.href ?? attributes.src ?? attributes.href ?? '');
          const path = url.startsWith(BASE) ? decodeURIComponent(new URL(url).pathname.slice(1)) : null;
          const bytes = path === null ? undefined : job.files[path];
          const fail = (why: string) => {
            problems.push(why);
            element.onerror?.({ type: 'error', target: element });
          };
          if (!bytes) return fail(`${path ?? url} is named by the entry but is not in the build`);
          const integrity = String(element.integrity ?? attributes.integrity ?? '');
          if (integrity && !integrityMatches(integrity, bytes)) return fail(`${path}: its bytes do not match the integrity hash the entry names`);
          if (tag === 'script') {
            try {
              vm.runInContext(Buffer.from(bytes).toString('utf8'), sandbox, { filename: path!, timeout: 2000 });
            } catch (error) {
              return fail(`${path} throws when evaluated: ${(error as Error).message}`);
            }
          }
          element.onload?.({ type: 'load', target: element });
        },
      };
      return element;
    },
  };
  // The shell provides the federation runtime to every remote entry (shared/mfe-build: externalRuntime).
  context._FEDERATION_RUNTIME_CORE = federationRuntimeCore;
  const sandbox = vm.createContext(context);
  const entry = job.files[job.entryPath];
  if (!entry) return { ok: false, detail: `${job.entryPath} is not in the build` };
  try {
    vm.runInContext(Buffer.from(entry).toString('utf8'), sandbox, { filename: job.entryPath, timeout: 2000 });
  } catch (error) {
    return { ok: false, detail: `${job.entryPath} throws when evaluated: ${(error as Error).message}` };
  }
  const container = context[job.container] as { init?: unknown; get?: unknown } | undefined;
  if (!container || typeof container.init !== 'function' || typeof container.get !== 'function') {
    return { ok: false, detail: `${job.entryPath} defines no container "${job.container}" with init() and get()` };
  }
  const init = container.init as (scope: object) => unknown;
  const get = container.get as (module: string) => Promise<unknown>;
  try {
    await init({});
  } catch (error) {
    return { ok: false, detail: `the container's init() fails: ${(error as Error).message}` };
  }
  const failed: string[] = [];
  for (const module of job.modules) {
    let factory: unknown;
    try {
      factory = await get(module);
    } catch (error) {
      failed.push(`${module}: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    if (typeof factory !== 'function') {
      failed.push(`${module} resolves to no module factory`);
      continue;
    }
    try {
      (factory as () => unknown)();
    } catch (error) {
      failed.push(`${module} throws when evaluated: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (failed.length > 0) return { ok: false, detail: [...failed, ...problems].join('; ') };
  return { ok: true, detail: `container ${job.container} exposes ${job.modules.join(', ')}; their chunks load and each evaluates` };
}

check().then(
  (answer) => parentPort!.postMessage(answer),
  (error: unknown) => parentPort!.postMessage({ ok: false, detail: `the check failed: ${error instanceof Error ? error.message : String(error)}` }),
);
