import { EXPOSURE_PATH, reportExposure } from './exposure-beacon';

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
});
