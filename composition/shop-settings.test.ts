import path from 'node:path';
import { loadPageSettings, loadShopSettings } from './shop-settings';

const REPO_ROOT = path.resolve(__dirname, '..');

test.each([
  ['nothing set', {}, { shellDist: path.join(REPO_ROOT, 'shell/dist'), serverRender: true, renderCacheMs: 5000 }],
  [
    'client-rendered, renders never shared',
    { SSR: '0', RENDER_CACHE_MS: '0' },
    { shellDist: path.join(REPO_ROOT, 'shell/dist'), serverRender: false, renderCacheMs: 0 },
  ],
  [
    'a shell built elsewhere',
    { SHELL_DIST: '/srv/shell', SSR: '1', RENDER_CACHE_MS: '2500' },
    { shellDist: '/srv/shell', serverRender: true, renderCacheMs: 2500 },
  ],
  [
    'a relative shell folder, from the repository',
    { SHELL_DIST: 'var/shell' },
    { shellDist: path.join(REPO_ROOT, 'var/shell'), serverRender: true, renderCacheMs: 5000 },
  ],
])('page settings: %s', (_case, env, expected) => {
  expect(loadPageSettings(env)).toEqual(expected);
});

test.each(['-1', '1.5', 'soon', '3600001'])('RENDER_CACHE_MS=%s is refused by name', (value) => {
  expect(() => loadPageSettings({ RENDER_CACHE_MS: value })).toThrow(`RENDER_CACHE_MS must be milliseconds (0–3600000), got "${value}"`);
});

test("a shop's settings are the API's and the page server's", () => {
  const settings = loadShopSettings({ PORT: '4321', SSR: '0' });
  expect([settings.port, settings.serverRender, settings.renderCacheMs]).toEqual([4321, false, 5000]);
});
