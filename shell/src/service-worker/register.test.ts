import fs from 'node:fs';
import path from 'node:path';
import { registerServiceWorker, SERVICE_WORKER_URL, unregisterServiceWorkers } from './register';

describe('registerServiceWorker (not called by the shell\'s boot yet)', () => {
  const registration = { scope: 'http://localhost/' } as ServiceWorkerRegistration;
  const fakeWorkbox = () => {
    const made: { url: string; options: unknown }[] = [];
    class Workbox {
      constructor(url: string, options: unknown) {
        made.push({ url, options });
      }
      register = jest.fn(async () => registration);
    }
    return { made, load: async () => ({ Workbox } as never) };
  };

  test('no service workers in this browser: nothing is loaded', async () => {
    const { made, load } = fakeWorkbox();
    expect(await registerServiceWorker({ container: undefined, ready: Promise.resolve(), idle: async () => undefined, load })).toBeNull();
    expect(made).toEqual([]);
  });

  test('registers /service-worker.js for the whole shop once the route is ready and the browser idle', async () => {
    const { made, load } = fakeWorkbox();
    let ready!: () => void;
    const steps: string[] = [];
    const pending = registerServiceWorker({
      container: {} as ServiceWorkerContainer,
      ready: new Promise<void>((resolve) => { ready = resolve; }).then(() => { steps.push('ready'); }),
      idle: async () => { steps.push('idle'); },
      load: async () => { steps.push('load'); return load(); },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toEqual([]); // not before the page is interactive
    ready();
    expect(await pending).toBe(registration);
    expect(steps).toEqual(['ready', 'idle', 'load']);
    expect(made).toEqual([{ url: SERVICE_WORKER_URL, options: { scope: '/', updateViaCache: 'none' } }]);
  });

  test('unregistering: every registration of the origin', async () => {
    const unregister = jest.fn(async () => true);
    const container = { getRegistrations: async () => [{ unregister }, { unregister }] } as unknown as ServiceWorkerContainer;
    expect(await unregisterServiceWorkers(container)).toBe(2);
    expect(await unregisterServiceWorkers(undefined)).toBe(0);
  });
});

test('the shell\'s boot registers the worker, loading its code only then (never in the first bundle)', () => {
  const boot = fs.readFileSync(path.resolve(__dirname, '..', 'bootstrap.tsx'), 'utf8');
  expect(boot).toMatch(/import\('\.\/service-worker\/register'\)\.then\(\(\{ registerServiceWorker \}\) => registerServiceWorker\(\)\)/);
  expect(boot).not.toMatch(/^import .*service-worker/m);
  expect(fs.readFileSync(path.resolve(__dirname, '..', 'index.ts'), 'utf8')).not.toMatch(/service-worker|serviceWorker/);
});
