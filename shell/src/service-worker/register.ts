import { whenRouteReady } from '../consent/start-consent';

/**
 * Registers the shop's service worker (docs/offline.md) once the first page is interactive: the
 * route region hydrated (`<html data-route-ready>`) and the browser idle — the worker's install
 * (the shell's precache, the app shell) never competes with the first view.
 * Called by the shell's boot (bootstrap.tsx); e2e/tests/offline.spec.ts proves in Chromium that
 * a release and a rollback are never hidden by the worker.
 */
export const SERVICE_WORKER_URL = '/service-worker.js';

export interface RegisterOptions {
  /** The browser's ServiceWorkerContainer (absent: not supported, or not a secure context). */
  container?: Pick<ServiceWorkerContainer, 'register'> | undefined;
  ready?: Promise<void>;
  idle?: () => Promise<void>;
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number }).requestIdleCallback;
    if (idle) idle(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 1000);
  });
}

/**
 * The browser's own registration (no library: the page only registers; the worker's side is
 * Workbox). updateViaCache 'none': the browser asks the server for the script itself on every
 * check (it is no-cache anyway), so a new shell build or registry reaches it on the next load.
 */
export async function registerServiceWorker(options: RegisterOptions = {}): Promise<ServiceWorkerRegistration | null> {
  const container = 'container' in options ? options.container : globalThis.navigator?.serviceWorker;
  if (!container) return null;
  await (options.ready ?? whenRouteReady());
  await (options.idle ?? whenIdle)();
  try {
    return await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.warn('[shell] the service worker was not registered', error);
    return null;
  }
}

/** The way back: every worker of this origin unregistered (its caches stay until the browser evicts them). */
export async function unregisterServiceWorkers(container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker): Promise<number> {
  if (!container) return 0;
  const registrations = await container.getRegistrations();
  const results = await Promise.all(registrations.map((registration) => registration.unregister()));
  return results.filter(Boolean).length;
}
