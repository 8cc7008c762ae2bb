import { parseRegistry } from '../registry/registry';
import { FRESH_PAGE_MS, isFreshPage, markStoredPage, STORED_PAGE_ATTRIBUTE } from './stored-page-mark';
import { checkStoredPage, dropStoredPage, pinnedBuildsOutdated } from './stored-page';
import { storedPageTime } from './stored-page-time';

const build = (folder: string, version: string, publishedAt = '2026-11-24T10:00:00Z') => ({
  entry: `http://127.0.0.1:4301/${folder}/remoteEntry.js`,
  version,
  contracts: '1.0.0',
  publishedAt,
});
/** The registry file's shape: catalog one build, checkout two A/B arms. */
const registry = (catalog = build('1.0.0', '1.0.0'), checkoutB = build('1.0.0-b', '1.0.0')) => ({
  timeoutMs: 8000,
  remotes: {
    catalog,
    checkout: { control: 'a', variants: { a: { weight: 50, ...build('1.0.0-a', '1.0.0') }, b: { weight: 50, ...checkoutB } } },
  },
});
/** What a page pins: its catalogue build, and of checkout the arm it was assigned (b) with the control. */
const pinned = registry();

test.each([
  ['the same builds', registry(), false],
  ['a catalogue release', registry(build('1.0.1', '1.0.1')), true],
  ['the same folder published again', registry(build('1.0.0', '1.0.0', '2026-11-24T11:00:00Z')), true],
  ['a rollback to another folder', registry(build('0.9.9', '0.9.9')), true],
  ['the pinned A/B arm released', registry(undefined, build('1.0.1-b', '1.0.1')), true],
])('pinnedBuildsOutdated: %s', (_name, now, outdated) => {
  expect(pinnedBuildsOutdated(parseRegistry(pinned), parseRegistry(now))).toBe(outdated);
});

test('an arm the page does not pin, or a remote it does not use, changes nothing for it', () => {
  const page = { timeoutMs: 8000, remotes: { catalog: build('1.0.0', '1.0.0') } };
  const now = { ...registry(), remotes: { ...registry().remotes, content: build('2.0.0', '2.0.0') } };
  expect(pinnedBuildsOutdated(parseRegistry(page), parseRegistry(now))).toBe(false);
  const withoutPinnedArm = {
    ...registry(),
    remotes: { catalog: build('1.0.0', '1.0.0'), checkout: { control: 'a', variants: { a: { weight: 100, ...build('1.0.0-a', '1.0.0') } } } },
  };
  expect(pinnedBuildsOutdated(parseRegistry(pinned), parseRegistry(withoutPinnedArm))).toBe(true);
});

test.each([
  ['builds and language as pinned', 'pl-PL', async () => registry(), 'current'],
  ['no language chosen yet', null, async () => registry(), 'current'],
  ['a release since', 'pl-PL', async () => registry(build('1.0.1', '1.0.1')), 'outdated'],
  ['the shopper switched to English since', 'en-US', async () => registry(), 'outdated'],
  [
    'the registry cannot be read (offline): the copy is what there is',
    'pl-PL',
    async () => {
      throw new TypeError('Failed to fetch');
    },
    'current',
  ],
  ['the registry answers nonsense', 'pl-PL', async () => ({ nonsense: true }), 'current'],
])('checkStoredPage: %s', async (_name, chosenLanguage, readRegistry, verdict) => {
  expect(await checkStoredPage({ pinned: { registry: pinned, language: 'pl-PL' }, chosenLanguage, readRegistry })).toBe(verdict);
});

test('a copy whose state names no usable builds is outdated', async () => {
  expect(await checkStoredPage({ pinned: { registry: { broken: 1 }, language: 'pl-PL' }, chosenLanguage: null, readRegistry: async () => registry() })).toBe(
    'outdated',
  );
});

test.each([
  ['rendered a minute ago', 60_000, true],
  ['just under five minutes', FRESH_PAGE_MS - 1, true],
  ['five minutes', FRESH_PAGE_MS, false],
  ['an hour', 3_600_000, false],
  ['in the future (a clock gone backwards)', -60_000, false],
])('isFreshPage: %s', (_name, age, fresh) => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  expect(isFreshPage(now - age, now)).toBe(fresh);
  expect(isFreshPage(Number.NaN, now)).toBe(false); // no Date header
});

test('the worker marks the copy on <html>; the shell reads the mark (none on a page from the server)', () => {
  const marked = markStoredPage('<!doctype html><html lang="pl"><head></head><body></body></html>', 1_795_000_000_000);
  expect(marked).toBe(`<!doctype html><html ${STORED_PAGE_ATTRIBUTE}="1795000000000" lang="pl"><head></head><body></body></html>`);
  const root = document.createElement('html');
  expect(storedPageTime(root)).toBeNull();
  root.setAttribute(STORED_PAGE_ATTRIBUTE, '1795000000000');
  expect(storedPageTime(root)).toBe(1_795_000_000_000);
});

test('dropping the copy removes this address from the page caches only', async () => {
  const deleted: [string, string][] = [];
  const storage = {
    keys: async () => ['kf-pages-abc', 'kf-catalog-v1', 'kf-pages-old'],
    open: async (name: string) => ({
      delete: async (url: string) => {
        deleted.push([name, url]);
        return true;
      },
    }),
  } as unknown as CacheStorage;
  await dropStoredPage('http://127.0.0.1:4300/p/KF-1/zawor', storage);
  expect(deleted).toEqual([
    ['kf-pages-abc', 'http://127.0.0.1:4300/p/KF-1/zawor'],
    ['kf-pages-old', 'http://127.0.0.1:4300/p/KF-1/zawor'],
  ]);
});
