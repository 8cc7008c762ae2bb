import { createServerRenderCheck } from '../../../../shell/server/server-render-check';
import { buildCandidateOf } from '../build-files';
import { fixtureBuildFiles, type FixtureBuildOptions } from '../testing/fixture-build';
import { runGate, type GateOptions } from './release-gate';
import { shellSurface } from './shell-side';

/**
 * The release gate's rules (docs/releasing.md, "What the gate checks"), one row per way a build
 * can be unfit, each with the check that must refuse it and what it must say. The server-render
 * check is the page server's real one: a render thread of its own loads the fixture's server code.
 */
const serverRender = createServerRenderCheck({
  apiOrigin: 'http://127.0.0.1:9',
  publicOrigin: 'https://sklep.kaloryfer.test',
  budgets: { mainMs: 250, otherMs: 100 },
  homePage: async () =>
    '<a href="/i/regulamin">Regulamin</a><a href="/porady/jak-dobrac-moc-grzejnika">Porada</a><a href="https://elsewhere.example/i/x">x</a>',
  tries: 2,
});

type Edit = (files: Map<string, Buffer>) => void;

/** A shell on contracts 1.0.0 (this checkout's surface.json) sharing React 19 and nanostores 1. */
const shell: Pick<GateOptions, 'shellContracts' | 'shellSurface' | 'shellShared'> = {
  shellContracts: '1.0.0',
  shellSurface: shellSurface(),
  shellShared: () => ({ react: '19.3.1', 'react-dom': '19.3.1', nanostores: '1.5.5', '@kaloryfer/contracts': '1.0.0' }),
};

const cases: [string, FixtureBuildOptions, Edit | null, string | null, RegExp | null][] = [
  ['a sound build', {}, null, null, null],
  ['built against another contracts major', { contracts: '2.0.0' }, null, 'contracts', /contracts 2\.0\.0, but the shell speaks 1\.0\.0/],
  [
    'built against a newer contracts minor, using only what the shell has',
    { contracts: '1.3.0', contractsUses: { $cart: '1.0', linkTo: '1.0' } },
    null,
    null,
    null,
  ],
  [
    "needs a channel the shell's contracts lack",
    { contracts: '1.3.0', contractsUses: { $cart: '1.0', galleryOpened: '1.3' } },
    null,
    'contracts',
    /needs what the shell's 1\.0\.0 lacks: galleryOpened \(added in 1\.3\)/,
  ],
  [
    'a newer minor that does not say what it uses',
    { contracts: '1.1.0' },
    null,
    'contracts',
    /newer than the shell's 1\.0\.0, and its build-info\.json does not say what it uses/,
  ],
  [
    'declares a React the shell does not share',
    { shared: { react: { version: '20.0.0', requiredVersion: '^20.0.0' }, nanostores: { version: '1.5.5', requiredVersion: '^1.5.0' } } },
    null,
    'shared',
    /react \^20\.0\.0 \(built with 20\.0\.0\), the shell shares 19\.3\.1/,
  ],
  ['declares ranges the shell satisfies', { shared: { react: { version: '19.2.0', requiredVersion: '^19.2.0' } } }, null, null, null],
  ['a chunk its manifest names is missing', { leaveOut: 'chunk-app.100.js' }, null, 'files', /named but not in the build: chunk-app\.100\.js/],
  ['its server build is missing', { leaveOut: 'server/render.js' }, null, 'files', /server\/render\.js/],
  ['a precompressed twin that is not its file', {}, (files) => files.set('app.css.gz', Buffer.from('not gzip')), 'files', /app\.css\.gz/],
  ['a module the shell loads is not exposed', { modules: ['./app'] }, null, 'browser-entry', /\.\/Footer.*does not exist in container/],
  ['a chunk changed after the build', { tamperChunk: true }, null, 'browser-entry', /do not match the integrity hash the entry names/],
  ['a module that throws when evaluated', { moduleThrows: true }, null, 'browser-entry', /\.\/app throws when evaluated: a bug at import time/],
  [
    'its entry throws when evaluated',
    {},
    (files) => files.set('remoteEntry.js', Buffer.from('throw new Error("boom at load");')),
    'browser-entry',
    /throws when evaluated: boom at load/,
  ],
  [
    'its entry defines no container',
    {},
    (files) => files.set('remoteEntry.js', Buffer.from('var somethingElse = {};')),
    'browser-entry',
    /defines no container "content"/,
  ],
  [
    'its entry never finishes',
    {},
    (files) => files.set('remoteEntry.js', Buffer.from('for (;;) {}')),
    'browser-entry',
    /throws when evaluated: Script execution timed out/,
  ],
  [
    'its server render throws',
    { server: 'throws' },
    null,
    'server-render',
    /^footer slot \(\.\/Footer\) on \/: TypeError: the fixture build cannot render at pageHtml \(mfe-content\/src\/pages\/page\.tsx:42:7\)$/,
  ],
  [
    'its server render misses the budget',
    { slowMs: 300 },
    null,
    'server-render',
    /^footer slot \(\.\/Footer\) on \/: renders in \d+ ms at best, over its 100 ms budget$/,
  ],
];

test.each(cases)(
  '%s',
  async (_name, options, edit, failing, detail) => {
    const files = fixtureBuildFiles(options);
    edit?.(files);
    const gate = await runGate(buildCandidateOf(files), files, { ...shell, serverRender });
    const failed = gate.checks.filter((check) => check.status === 'fail');
    expect(gate.ok).toBe(failing === null);
    expect(failed.map((check) => check.name)).toEqual(failing ? [failing] : []);
    if (detail) expect(failed[0].detail).toMatch(detail);
    // Every check says what it found and how long it took, and they run in their order.
    expect(gate.checks.map((check) => check.name)).toEqual(['contracts', 'shared', 'files', 'browser-entry', 'server-render']);
    for (const check of gate.checks) expect(check.detail.length).toBeGreaterThan(5);
  },
  30_000,
);

test('a sound build: the server-render check names each path it rendered within budget', async () => {
  const files = fixtureBuildFiles();
  const gate = await runGate(buildCandidateOf(files), files, { shellContracts: '1.0.0', serverRender });
  const render = gate.checks.find((check) => check.name === 'server-render')!;
  expect(render.status).toBe('pass');
  // The footer, the content routes without parameters, and a linked page of each other kind it owns.
  for (const path of ['./Footer on /', '/porady ', '/error ', '/i/regulamin ', '/porady/jak-dobrac-moc-grzejnika ']) expect(render.detail).toContain(path);
  expect(render.detail).not.toContain('elsewhere');
}, 30_000);

test.each([
  ['content', 'footer slot (./Footer) on /'],
  ['catalog', 'main region (./app) on /'],
] as const)(
  "a %s server render that throws: the refusal names the region, the path, the error and the team's source line",
  async (remote, region) => {
    const files = fixtureBuildFiles({ remote, server: 'throws' });
    const gate = await runGate(buildCandidateOf(files), files, { shellContracts: '1.0.0', serverRender });
    const render = gate.checks.find((check) => check.name === 'server-render')!;
    expect(render.status).toBe('fail');
    // The error is thrown in a dependency (node_modules/path-format): the first frame in the team's own source is named.
    expect(render.detail).toBe(`${region}: TypeError: the fixture build cannot render at pageHtml (mfe-content/src/pages/page.tsx:42:7)`);
  },
  30_000,
);

test('a server build without its source map: the refusal names the line in the server code', async () => {
  const files = fixtureBuildFiles({ server: 'throws', leaveOut: 'server/render.js.map' });
  const gate = await runGate(buildCandidateOf(files), files, { shellContracts: '1.0.0', serverRender });
  expect(gate.checks.find((check) => check.name === 'server-render')).toMatchObject({
    status: 'fail',
    detail: 'footer slot (./Footer) on /: TypeError: the fixture build cannot render at formatPath (content@1.0.0/server/render.js:11:9)',
  });
}, 30_000);

test('a build without server code renders in the browser: the check is skipped, not failed', async () => {
  const files = fixtureBuildFiles({ remote: 'cart', server: 'none' });
  const gate = await runGate(buildCandidateOf(files), files, { shellContracts: '1.0.0', serverRender });
  expect(gate.ok).toBe(true);
  expect(gate.checks.find((check) => check.name === 'server-render')).toMatchObject({ status: 'skip', detail: 'no server build' });
});

test('a team origin: every browser file there must have the published bytes', async () => {
  const files = fixtureBuildFiles();
  const candidate = buildCandidateOf(files);
  const served = new Map(files);
  const fetchFrom = (changed: string | null) =>
    (async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname.replace(/^\/cdn\/content\/1\.0\.0\//, '');
      const bytes = served.get(path);
      if (!bytes) return new Response('Not found', { status: 404 });
      return new Response(new Uint8Array(path === changed ? Buffer.concat([bytes, Buffer.from('\n')]) : bytes));
    }) as typeof fetch;
  const origin = 'https://cdn.team.test/cdn/content/1.0.0/';
  const good = await runGate(candidate, files, { shellContracts: '1.0.0', origin, fetch: fetchFrom(null) });
  expect(good.checks.at(-1)).toMatchObject({ name: 'origin', status: 'pass' });
  const bad = await runGate(candidate, files, { shellContracts: '1.0.0', origin, fetch: fetchFrom('remoteEntry.js') });
  expect(bad.ok).toBe(false);
  expect(bad.checks.at(-1)).toMatchObject({ name: 'origin', status: 'fail', detail: expect.stringContaining('remoteEntry.js: other bytes than published') });
});
