import { requestFailed } from '@kaloryfer/contracts';
import { apiJson, ApiFailure } from './api-json';

/** `apiJson` at the fetch boundary: what a shopper's browser meets when the network or the API fails. */
const failures: { path: string }[] = [];
const off = requestFailed.on((failure) => failures.push(failure));
afterAll(off);
beforeEach(() => {
  failures.length = 0;
});

test.each([
  ['no answer at all (the network)', () => Promise.reject(new TypeError('Failed to fetch')), TypeError, [{ path: '/api/product-view/KF-1' }]],
  ['aborted by a newer request', () => Promise.reject(new DOMException('aborted', 'AbortError')), DOMException, []],
  [
    'an answer with an error',
    async () => ({ ok: false, status: 503, statusText: 'Service Unavailable', json: async () => ({ code: 503, result: 'Something went wrong' }) }),
    ApiFailure,
    [],
  ],
])(
  '%s: rejects, and only a request with no answer is reported to the shell (without its query: tokens stay out)',
  async (_name, answer, rejection, reported) => {
    global.fetch = jest.fn(answer) as unknown as typeof fetch;
    await expect(apiJson('/api/product-view/KF-1?token=secret')).rejects.toBeInstanceOf(rejection);
    expect(failures).toEqual(reported);
  },
);

test("an answer is read as JSON; a refused one carries the server's message and status", async () => {
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, statusText: 'OK', json: async () => ({ code: 200, result: [1] }) })) as unknown as typeof fetch;
  await expect(apiJson('/api/x')).resolves.toEqual({ code: 200, result: [1] });
  global.fetch = jest.fn(async () => ({
    ok: false,
    status: 409,
    statusText: 'Conflict',
    json: async () => ({ code: 409, result: 'Some of the ordered products are not available' }),
  })) as unknown as typeof fetch;
  await expect(apiJson('/api/order', { method: 'POST', body: {} })).rejects.toEqual(new ApiFailure(409, 'Some of the ordered products are not available'));
  expect(failures).toEqual([]);
});
