/** @jest-environment node */
import type { RegionRequest, RegionResult } from '@kaloryfer/contracts';
import { RendererPool, RegionUnavailable } from './renderers';
import type { RegionRenderer } from './render-worker/worker-renderer';
import { registryFile, snapshotOf } from './testing/registry-fixture';

const request: RegionRequest = { module: './app', path: '/', search: '', language: 'pl-PL', cookies: {}, apiOrigin: 'http://api', publicOrigin: 'http://shop' };
const ok: RegionResult = { html: '<p>ok</p>', status: 200, data: {}, interactive: true };

/** A build's renderer whose answers the test decides, counting what it was asked. */
class ScriptedRenderer implements RegionRenderer {
  calls = 0;
  closed = false;
  answer: () => Promise<RegionResult> = async () => ok;
  async ready() {}
  render(_request?: RegionRequest) {
    this.calls += 1;
    return this.answer();
  }
  async close() {
    this.closed = true;
  }
}

async function setup(registry = registryFile()) {
  const renderers = new Map<string, ScriptedRenderer>();
  const pool = new RendererPool(
    ({ ssr: url }) => {
      const renderer = new ScriptedRenderer();
      renderers.set(url!, renderer);
      return renderer;
    },
    () => [request],
    { breaker: { failures: 2, coolDownMs: 60_000 }, maxInFlight: 2 },
  );
  const { snapshot, cleanup } = await snapshotOf(registry);
  await pool.prepare(snapshot);
  const catalog = snapshot.build('catalog', 'default')!;
  return { pool, renderers, snapshot, catalog, renderer: renderers.get(catalog.variant.ssr!)!, cleanup };
}

test('every build with a server render gets a renderer, warmed with one render before traffic; a build without one is unavailable', async () => {
  const { pool, renderers, snapshot, cleanup } = await setup();
  expect([...renderers.keys()].sort()).toEqual([
    'http://cdn.test/catalog/1.0.0/server/render.js',
    'http://cdn.test/checkout/1.0.0-a/server/render.js',
    'http://cdn.test/checkout/1.0.0-b/server/render.js',
    'http://cdn.test/content/1.0.0/server/render.js',
  ]);
  expect([...renderers.values()].every((renderer) => renderer.calls === 1)).toBe(true);
  await expect(pool.render(snapshot.build('cart', 'default')!, request, 100)).rejects.toThrow(new RegionUnavailable('cart has no server render'));
  cleanup();
});

test('a render later than its budget is given up (the page goes on with the fallback)', async () => {
  const { pool, renderer, catalog, cleanup } = await setup();
  renderer.answer = () => new Promise(() => undefined); // never answers
  await expect(pool.render(catalog, request, 20)).rejects.toThrow('catalog took longer than 20 ms');
  cleanup();
});

test('failures in a row open the breaker: the build is not asked until the cool-down ends', async () => {
  const { pool, renderer, catalog, cleanup } = await setup();
  renderer.answer = async () => {
    throw new Error('TypeError in a component');
  };
  await expect(pool.render(catalog, request, 100)).rejects.toThrow('catalog failed: TypeError in a component');
  await expect(pool.render(catalog, request, 100)).rejects.toThrow(RegionUnavailable);
  const asked = renderer.calls;
  renderer.answer = async () => ok;
  await expect(pool.render(catalog, request, 100)).rejects.toThrow('breaker open');
  expect(renderer.calls).toBe(asked);
  expect(pool.breakerState(catalog)).toBe('open');
  cleanup();
});

test('a new registry: new builds warm up, builds no longer named are retired', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const { pool, renderers, renderer, cleanup } = await setup();
  const next = registryFile({
    catalog: {
      ...registryFile().remotes.catalog,
      version: '1.1.0',
      ssr: 'http://cdn.test/catalog/1.1.0/server/render.js',
      entry: 'http://cdn.test/catalog/1.1.0/mf-manifest.json',
    },
  });
  const { snapshot, cleanup: done } = await snapshotOf(next);
  await pool.prepare(snapshot);
  const fresh = renderers.get('http://cdn.test/catalog/1.1.0/server/render.js')!;
  expect(fresh.calls).toBe(1); // warmed
  await expect(pool.render(snapshot.build('catalog', 'default')!, request, 100)).resolves.toEqual(ok);
  expect(renderer.closed).toBe(false); // renders already under way may finish
  jest.advanceTimersByTime(10_000);
  expect(renderer.closed).toBe(true);
  jest.useRealTimers();
  cleanup();
  done();
});

test('two releases in quick succession: the first, still warming when the second is prepared, does not retire the second one’s build', async () => {
  const { pool, renderers, cleanup } = await setup();
  const catalogAt = (version: string) =>
    registryFile({
      catalog: {
        ...registryFile().remotes.catalog,
        version,
        ssr: `http://cdn.test/catalog/${version}/server/render.js`,
        entry: `http://cdn.test/catalog/${version}/mf-manifest.json`,
      },
    });
  const first = await snapshotOf(catalogAt('1.1.0'));
  const second = await snapshotOf(catalogAt('1.2.0'));
  let warmed!: () => void;
  const slowWarm = new Promise<void>((resolve) => (warmed = resolve));
  const preparing = pool.prepare(first.snapshot);
  renderers.get('http://cdn.test/catalog/1.1.0/server/render.js')!.answer = () => slowWarm.then(() => ok);

  await pool.prepare(second.snapshot);
  warmed();
  await preparing;
  const newest = second.snapshot.build('catalog', 'default')!;
  await expect(pool.render(newest, { ...request, path: '/nowosci' }, 100)).resolves.toEqual(ok);
  expect(renderers.get('http://cdn.test/catalog/1.2.0/server/render.js')!.closed).toBe(false);
  first.cleanup();
  second.cleanup();
  cleanup();
});

test('many shoppers on one page share a render for a few seconds; another address or language is its own render', async () => {
  const { pool, renderer, catalog, cleanup } = await setup();
  const asked = renderer.calls;
  await Promise.all([pool.render(catalog, request, 100), pool.render(catalog, request, 100), pool.render(catalog, request, 100)]);
  await pool.render(catalog, request, 100);
  expect(renderer.calls - asked).toBe(1);
  await pool.render(catalog, { ...request, path: '/c/akcesoria' }, 100);
  await pool.render(catalog, { ...request, language: 'en-US' }, 100);
  await pool.render(catalog, { ...request, cookies: { kf_heat: '45/35/20' } }, 100);
  expect(renderer.calls - asked).toBe(4);
  cleanup();
});

test('a failure is never kept: the next request asks again', async () => {
  const { pool, renderer, catalog, cleanup } = await setup();
  renderer.answer = async () => {
    throw new Error('flaky');
  };
  await expect(pool.render(catalog, { ...request, path: '/x' }, 100)).rejects.toThrow('flaky');
  renderer.answer = async () => ok;
  await expect(pool.render(catalog, { ...request, path: '/x' }, 100)).resolves.toEqual(ok);
  cleanup();
});

test('a late render still serves the requests after it; a build already busy sheds load without being counted a failure', async () => {
  const { pool, renderer, catalog, cleanup } = await setup();
  let finish: (result: RegionResult) => void = () => undefined;
  renderer.answer = () =>
    new Promise((resolve) => {
      finish = resolve;
    });
  await expect(pool.render(catalog, { ...request, path: '/slow' }, 10)).rejects.toThrow('took longer than 10 ms');
  finish({ ...ok, html: '<p>late</p>' });
  await new Promise((resolve) => setImmediate(resolve));
  await expect(pool.render(catalog, { ...request, path: '/slow' }, 10)).resolves.toMatchObject({ html: '<p>late</p>' });

  renderer.answer = () => new Promise(() => undefined); // two renders hang: the build is at its limit
  const hanging = [pool.render(catalog, { ...request, path: '/a' }, 20), pool.render(catalog, { ...request, path: '/b' }, 20)];
  await expect(pool.render(catalog, { ...request, path: '/c' }, 20)).rejects.toThrow('catalog is busy: 2 renders under way');
  await Promise.allSettled(hanging);
  expect(pool.breakerState(catalog)).toBe('open'); // the two hung renders were failures; the shed one was not
  cleanup();
});

test('a new build warms one linked page of each kind it owns (the slow first render of a product page is not a shopper’s), then takes traffic', async () => {
  const renderers = new Map<string, ScriptedRenderer & { paths: string[] }>();
  const pool = new RendererPool(
    ({ ssr: url }) => {
      const renderer = Object.assign(new ScriptedRenderer(), { paths: [] as string[] });
      renderer.render = (asked: RegionRequest) => {
        renderer.paths.push(`${asked.module} ${asked.path}`);
        const home =
          '<a href="/c/grzejniki-lazienkowe">a</a><a href="/c/akcesoria">b</a><a href="/p/KF-1/aura">c</a><a href="https://elsewhere.example/p/x/y">d</a>';
        const footer = '<a href="/i/regulamin">e</a><a href="/porady?topic=dobor">f</a>';
        return Promise.resolve({ ...ok, html: asked.module === './Footer' ? footer : asked.path === '/' ? home : '<p>page</p>' });
      };
      renderers.set(url!.split('/')[3], renderer);
      return renderer;
    },
    (build) => (build.remote === 'content' ? [request, { ...request, module: './Footer' }] : [request]),
  );
  const { snapshot, cleanup } = await snapshotOf(registryFile());
  await pool.prepare(snapshot);
  expect(renderers.get('catalog')!.paths).toEqual(['./app /', './app /c/grzejniki-lazienkowe', './app /p/KF-1/aura']);
  expect(renderers.get('content')!.paths).toEqual(['./app /', './Footer /', './app /i/regulamin', './app /porady']);
  expect(renderers.get('checkout')!.paths).toEqual(['./app /']); // nothing linked of its own
  cleanup();
});
