import { linksIn, MAX_WARM_PATHS, warmPathsFor } from './warm-paths';

test('the shop’s own pages: paths without query or fragment, once each (a language’s address, ?lang=, is the same page to warm); other sites, protocol-relative addresses and files are not', () => {
  expect(
    linksIn([
      '<a href="/c/grzejniki?page=2">x</a><a href="/p/A/b#reviews">y</a><a class="x" href="/c/grzejniki">z</a><a href="/pwa.html">h</a><a href="/p/A/b?lang=de">d</a>',
      '<a href="https://elsewhere.example/c/x">o</a><a href="//cdn.example/p/x/y">p</a><link href="/favicon.svg"><a href="/img/400/400/resize/x.jpg">i</a>',
    ]),
  ).toEqual(['/c/grzejniki', '/p/A/b', '/pwa.html']);
});

test.each([
  ['catalog', ['/c/a', '/c/b', '/p/A/a', '/p/B/b', '/i/regulamin', '/porady/x'], ['/'], ['/c/a', '/p/A/a']],
  ['content', ['/c/a', '/i/regulamin', '/i/dostawa', '/porady', '/porady/jak-dobrac'], ['/'], ['/i/regulamin', '/porady', '/porady/jak-dobrac']],
  ['catalog', ['/', '/c/a'], ['/'], ['/c/a']], // home was warmed already
  ['checkout', ['/c/a', '/i/regulamin'], ['/'], []],
] as const)('%s warms one page of each kind it owns among %j', (remote, links, warmed, expected) => {
  expect(warmPathsFor(remote, [...links], [...warmed])).toEqual(expected);
});

test('at most MAX_WARM_PATHS pages per build', () => {
  const links = ['/c/a', '/p/A/a', '/p/A/a/A-1', '/compare', '/brands', '/categories', '/marki-x', '/szukaj'];
  expect(warmPathsFor('catalog', links, ['/']).length).toBeLessThanOrEqual(MAX_WARM_PATHS);
});
