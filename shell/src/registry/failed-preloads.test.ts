import { spendFailedPreloads } from './failed-preloads';

const preload = (href: string, integrity?: string) =>
  `<link rel="preload" href="${href}" as="script"${integrity ? ` integrity="${integrity}" crossorigin="anonymous"` : ''}>`;

beforeEach(() => {
  document.head.innerHTML = [
    preload('/main.1.js'),
    preload('/mfe/content/abc/remoteEntry.js', 'sha384-entry'),
    preload('/mfe/content/abc/119.js', 'sha384-a'),
    preload('/mfe/content/abc/page-cms.js', 'sha384-b'),
    preload('/mfe/catalog/def/143.js', 'sha384-c'),
  ].join('');
});

test("a failed build's chunk preloads are used up by matching requests: same address, integrity and CORS mode", () => {
  expect(spendFailedPreloads('/mfe/content/abc/remoteEntry.js?retry=1')).toBe(2);
  const scripts = [...document.head.querySelectorAll('script')];
  expect(scripts.map((script) => [new URL(script.src).pathname, script.getAttribute('integrity'), script.crossOrigin])).toEqual([
    ['/mfe/content/abc/119.js', 'sha384-a', 'anonymous'],
    ['/mfe/content/abc/page-cms.js', 'sha384-b', 'anonymous'],
  ]);
  // The shell's own, the entry's (the retry asks for it under another address) and another remote's stay.
  expect([...document.head.querySelectorAll('link')].map((link) => new URL(link.href).pathname)).toEqual([
    '/main.1.js',
    '/mfe/content/abc/remoteEntry.js',
    '/mfe/catalog/def/143.js',
  ]);
  // Done with once they answer (here: fail again).
  scripts[0]!.dispatchEvent(new Event('error'));
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
});

test('a second failure of the same build finds nothing left to use up', () => {
  spendFailedPreloads('/mfe/content/abc/remoteEntry.js');
  expect(spendFailedPreloads('/mfe/content/abc/remoteEntry.js')).toBe(0);
});
