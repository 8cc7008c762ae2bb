import fs from 'node:fs';
import path from 'node:path';
import { registerServiceWorker, SERVICE_WORKER_URL, unregisterServiceWorkers } from './register';

describe('registerServiceWorker', () => {
  const registration = { scope: 'http://localhost/' } as ServiceWorkerRegistration;
  const fakeContainer = (outcome: 'registers' | 'fails' = 'registers') => {
    const made: { url: string; options: unknown }[] = [];
    const container = {
      register: jest.fn(async (url: string | URL, options?: RegistrationOptions) => {
        made.push({ url: String(url), options });
        if (outcome === 'fails') throw new DOMException('The operation is insecure.', 'SecurityError');
        return registration;
      }),
    };
    return { made, container };
  };

  test('no service workers in this browser: nothing happens', async () => {
    expect(await registerServiceWorker({ container: undefined, ready: Promise.resolve(), idle: async () => undefined })).toBeNull();
  });

  test('registers /service-worker.js for the whole shop once the route is ready and the browser idle', async () => {
    const { made, container } = fakeContainer();
    let ready!: () => void;
    const steps: string[] = [];
    const pending = registerServiceWorker({
      container,
      ready: new Promise<void>((resolve) => {
        ready = resolve;
      }).then(() => {
        steps.push('ready');
      }),
      idle: async () => {
        steps.push('idle');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toEqual([]); // not before the page is interactive
    ready();
    expect(await pending).toBe(registration);
    expect(steps).toEqual(['ready', 'idle']);
    expect(made).toEqual([{ url: SERVICE_WORKER_URL, options: { scope: '/', updateViaCache: 'none' } }]);
  });

  test('a refused registration is no failure of the page', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = fakeContainer('fails');
    expect(await registerServiceWorker({ container, ready: Promise.resolve(), idle: async () => undefined })).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  test('unregistering: every registration of the origin', async () => {
    const unregister = jest.fn(async () => true);
    const container = { getRegistrations: async () => [{ unregister }, { unregister }] } as unknown as ServiceWorkerContainer;
    expect(await unregisterServiceWorkers(container)).toBe(2);
    expect(await unregisterServiceWorkers(undefined)).toBe(0);
  });
});

test("the shell's boot registers the worker, loading its code only then (never in the first bundle)", () => {
  const boot = fs.readFileSync(path.resolve(__dirname, '..', 'bootstrap.tsx'), 'utf8');
  expect(boot).toMatch(
    /whenRouteReady\(\)\s*\.then\(\(\) => import\(\/\* webpackChunkName: "after-route" \*\/ '\.\/service-worker\/register'\)\)\s*\.then\(\(\{ registerServiceWorker \}\) => registerServiceWorker\(\)\)/,
  );
  // In one chunk with web-vitals, which the boot loads at the same moment: one request.
  expect(fs.readFileSync(path.resolve(__dirname, '..', 'signals', 'page-signals.ts'), 'utf8')).toMatch(
    /import\(\/\* webpackChunkName: "after-route" \*\/ 'web-vitals'\)/,
  );
  // Only the reading of the worker's mark is in the first bundle (tiny); the stored page's checks load
  // for a page the worker answered; never register.ts or workbox.
  expect(boot.match(/^import .*service-worker.*$/gm)).toEqual(["import { storedPageTime } from './service-worker/stored-page-time';"]);
  expect(boot).toMatch(/await import\('\.\/service-worker\/stored-page'\)/);
  expect(fs.readFileSync(path.resolve(__dirname, '..', 'index.ts'), 'utf8')).not.toMatch(/service-worker|serviceWorker/);
});
