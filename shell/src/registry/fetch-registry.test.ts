import { fetchRegistry } from './fetch-registry';

/** Where the shell gets its registry: the copy in the page first, the published file otherwise. */
const published = { remotes: { cart: { entry: 'http://127.0.0.1:4302/1.0.1/mf-manifest.json', version: '1.0.1', contracts: '1.0.0' } } };
const inPage = { remotes: { cart: { entry: 'http://127.0.0.1:4302/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' } } };
let fetched: string[];

beforeEach(() => {
  fetched = [];
  document.head.innerHTML = '';
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    fetched.push(String(url));
    return { ok: true, status: 200, json: async () => published } as Response;
  }) as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const inline = (text: string) => {
  document.head.innerHTML = `<script id="mfe-registry" type="application/json">${text}</script>`;
};

test('the registry the server put into the page is used without a request', async () => {
  inline(JSON.stringify(inPage));
  expect((await fetchRegistry()).remotes.cart?.variants[0].version).toBe('1.0.0');
  expect(fetched).toEqual([]);
});

test.each([
  ['no copy in the page', null],
  ['an unreadable copy', '{"remotes":'],
  ['a copy that is no registry', '{"remotes":{"cart":{"entry":"ftp://x"}}}'],
])('%s: the published file is fetched', async (_name, text) => {
  if (text !== null) inline(text);
  expect((await fetchRegistry()).remotes.cart?.variants[0].version).toBe('1.0.1');
  expect(fetched).toEqual(['/mfe-registry.json']);
});
