import { fetchRegistry } from './fetch-registry';

/** Where a page without its state script gets the registry: the published file, entries by their scripts. */
const published = { remotes: { cart: { entry: 'http://127.0.0.1:4302/1.0.1/mf-manifest.json', version: '1.0.1', contracts: '1.0.0' } } };
let fetched: string[];
let answer: () => Promise<Response>;

beforeEach(() => {
  fetched = [];
  answer = async () => ({ ok: true, status: 200, json: async () => published }) as Response;
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    fetched.push(String(url));
    return answer();
  }) as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

test('the published file, each build registered by its entry script beside the manifest', async () => {
  const registry = await fetchRegistry();
  expect(fetched).toEqual(['/mfe-registry.json']);
  expect(registry.remotes.cart?.variants[0]).toMatchObject({ version: '1.0.1', entry: 'http://127.0.0.1:4302/1.0.1/remoteEntry.js' });
});

test.each([
  [
    'unreachable',
    async () => {
      throw new Error('offline');
    },
  ],
  ['an error status', async () => ({ ok: false, status: 503 }) as Response],
  ['no registry', async () => ({ ok: true, status: 200, json: async () => ({ remotes: { cart: { entry: 'ftp://x' } } }) }) as Response],
])('%s: an empty registry (every region falls back, the shop still works)', async (_name, failing) => {
  answer = failing;
  expect((await fetchRegistry()).remotes).toEqual({});
});
