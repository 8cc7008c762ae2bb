import { ASSIGNMENT_PATH, EXPOSURE_PATH, measureFromNow, reportExposure } from './exposure-beacon';

/** The JSON a Blob body holds (jsdom's Blob has no text()). */
const sent = (body: BodyInit | null | undefined) =>
  new Promise<unknown>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(String(reader.result)));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(body as Blob);
  });

describe('the exposure beacon', () => {
  const original = navigator.sendBeacon;
  const originalFetch = globalThis.fetch;
  afterEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: original, configurable: true });
    globalThis.fetch = originalFetch;
    jest.restoreAllMocks();
  });

  test('a beacon names only the remote, as JSON', async () => {
    const beacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    reportExposure('checkout');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0][0]).toBe(EXPOSURE_PATH);
    expect((beacon.mock.calls[0][1] as Blob).type).toBe('application/json');
    expect(await sent(beacon.mock.calls[0][1])).toEqual({ remote: 'checkout' });
  });

  test('a beacon the browser will not queue goes as a keep-alive fetch', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
    const fetched = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => ({ ok: true, status: 204 }) as unknown as Response);
    globalThis.fetch = fetched as typeof fetch;
    reportExposure('checkout');
    expect(fetched.mock.calls[0][0]).toBe(EXPOSURE_PATH);
    expect(fetched.mock.calls[0][1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(await sent(fetched.mock.calls[0][1]!.body)).toEqual({ remote: 'checkout' });
  });

  test.each([
    ['analytics allowed: measured now, and what the page showed is reported again (counted this time)', 200, { measured: true }, true, 1],
    ['analytics withdrawn: the id is gone, nothing is reported again', 200, { measured: false }, false, 0],
    ['no A/B test to count', 204, null, false, 0],
  ])('a choice about analytics on the page — %s', async (_name, status, result, measured, again) => {
    const beacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    reportExposure('checkout'); // the checkout showed before the choice (its exposure went without an id)
    beacon.mockClear();
    const post = jest.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => ({ status, json: async () => ({ code: status, result }) }) as unknown as Response,
    );
    expect(await measureFromNow(post as typeof fetch)).toBe(measured);
    expect(post).toHaveBeenCalledWith(ASSIGNMENT_PATH, { method: 'POST', credentials: 'same-origin' });
    expect(beacon).toHaveBeenCalledTimes(again);
    if (again) expect(await sent(beacon.mock.calls[0][1])).toEqual({ remote: 'checkout' });
  });

  test('offline when the shopper chooses: nothing breaks, the next page the server renders puts the cookies in line', async () => {
    const post = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await measureFromNow(post as unknown as typeof fetch)).toBe(false);
  });
});
