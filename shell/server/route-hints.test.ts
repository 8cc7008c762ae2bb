import type { ResolvedBuild } from './registry-snapshot';
import { inlinedStylesheetMarks, routeScriptsOf, scriptPreload } from './route-hints';

const BASE = '/mfe/content/abc/';
const build = (withChunks = true): ResolvedBuild =>
  ({
    remote: 'content',
    key: 'content@1',
    variant: { id: 'default', name: 'content', version: '1.0.0', entry: `${BASE}mf-manifest.json`, weight: 1 },
    assets: {
      remoteEntry: `${BASE}remoteEntry.js`,
      exposes: { './app': { js: [`${BASE}app.js`], css: [`${BASE}app.css`, `${BASE}advice.css`] } },
      fromManifest: true,
      ...(withChunks
        ? {
            routeChunks: {
              container: 'kaloryfer_content',
              pages: { 'page-advice-article': [`${BASE}119.js`, `${BASE}409.js`], 'page-cms': [`${BASE}119.js`, `${BASE}552.js`] },
              exposes: { './app': [`${BASE}119.js`, `${BASE}app.js`] },
              dictionaries: { 'pl-PL': [`${BASE}i18n-pl.js`], 'en-US': [`${BASE}i18n-en.js`] },
              integrity: { [`${BASE}119.js`]: 'sha384-a', [`${BASE}409.js`]: 'sha384-b', [`${BASE}app.js`]: 'sha384-c' },
              cssChunks: { [`${BASE}app.css`]: '234', [`${BASE}advice.css`]: '409' },
            },
          }
        : {}),
    },
  }) as unknown as ResolvedBuild;

test("a region's hints: the exposed module's chunks, the page language's dictionary, then the drawn page's, each once, with the integrity the runtime asks for", () => {
  expect(routeScriptsOf(build(), './app', 'pl-PL', ['page-advice-article'])).toEqual([
    { src: `${BASE}119.js`, integrity: 'sha384-a' },
    { src: `${BASE}app.js`, integrity: 'sha384-c' },
    { src: `${BASE}i18n-pl.js`, integrity: null },
    { src: `${BASE}409.js`, integrity: 'sha384-b' },
  ]);
  // Another page of the same remote in English: its own chunk and dictionary, not the article's.
  expect(routeScriptsOf(build(), './app', 'en-US', ['page-cms']).map((hint) => hint.src)).toEqual([
    `${BASE}119.js`,
    `${BASE}app.js`,
    `${BASE}i18n-en.js`,
    `${BASE}552.js`,
  ]);
});

test('a build without route-chunks.json (an older one) or a page it does not name gets no guessed hints', () => {
  expect(routeScriptsOf(build(false), './app', 'pl-PL', ['page-cms'])).toEqual([]);
  expect(routeScriptsOf(build(), './app', 'it-IT', ['page-unknown']).map((hint) => hint.src)).toEqual([`${BASE}119.js`, `${BASE}app.js`]);
});

test('a preload carries integrity and CORS mode so the browser reuses it; without integrity, a plain one', () => {
  expect(scriptPreload({ src: `${BASE}409.js`, integrity: 'sha384-b' })).toBe(
    `<link rel="preload" href="${BASE}409.js" as="script" integrity="sha384-b" crossorigin="anonymous">`,
  );
  expect(scriptPreload({ src: '/main.js', integrity: null })).toBe('<link rel="preload" href="/main.js" as="script">');
});

test("the inlined stylesheets are marked for the remote's runtime by container and chunk, with no href to fetch", () => {
  expect(inlinedStylesheetMarks(build(), [`${BASE}app.css`, `${BASE}advice.css`, `${BASE}other.css`])).toEqual([
    '<link rel="stylesheet" data-rspack="kaloryfer_content:chunk-234">',
    '<link rel="stylesheet" data-rspack="kaloryfer_content:chunk-409">',
  ]);
  expect(inlinedStylesheetMarks(build(false), [`${BASE}app.css`])).toEqual([]);
});
