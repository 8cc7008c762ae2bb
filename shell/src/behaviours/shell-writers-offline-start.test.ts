type Contracts = typeof import('@kaloryfer/contracts');
type Writers = typeof import('./shell-writers');

/** A fresh page: its own bus and atoms (each writer is claimed once per page), the browser's online flag as given. */
function freshPage(online: boolean): { contracts: Contracts; startShellWriters: Writers['startShellWriters'] } {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  let page!: { contracts: Contracts; startShellWriters: Writers['startShellWriters'] };
  jest.isolateModules(() => {
    page = { contracts: require('@kaloryfer/contracts') as Contracts, startShellWriters: (require('./shell-writers') as Writers).startShellWriters };
  });
  return page;
}
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

test('opened offline (the service worker answered from its cache): $connectivity says so, it is announced, the notice is up at once', () => {
  const { contracts, startShellWriters } = freshPage(false);
  const heard: boolean[] = [];
  contracts.connectivityChanged.on(({ online }) => heard.push(online));
  startShellWriters();
  expect(contracts.$connectivity.get()).toEqual({ online: false });
  expect(heard).toEqual([false]);
  expect(contracts.$notifications.get().map((n) => [n.type, n.message, n.hasNoTimeout])).toEqual([['warning', 'You are offline', true]]);
});

test('a request with no answer while the browser claims online: offline with the notice, until a probe of the API answers', async () => {
  jest.useFakeTimers();
  const { contracts, startShellWriters } = freshPage(true);
  let reachable = false;
  let probes = 0;
  startShellWriters({
    probe: {
      reachable: async () => {
        probes += 1;
        return reachable;
      },
      everyMs: 5000,
    },
  });
  expect(contracts.$connectivity.get()).toEqual({ online: true });
  contracts.requestFailed.emit({ path: '/api/product-view/KF-1' });
  contracts.requestFailed.emit({ path: '/api/product-view/KF-2' });
  expect(contracts.$connectivity.get()).toEqual({ online: false });
  expect(contracts.$notifications.get().map((n) => n.message)).toEqual(['You are offline']);

  await jest.advanceTimersByTimeAsync(5000);
  expect(probes).toBe(1); // one probe loop however many requests failed
  expect(contracts.$connectivity.get()).toEqual({ online: false });
  reachable = true;
  await jest.advanceTimersByTimeAsync(5000);
  expect(probes).toBe(2);
  expect(contracts.$connectivity.get()).toEqual({ online: true });
  expect(contracts.$notifications.get()).toEqual([]);
  await jest.advanceTimersByTimeAsync(20_000);
  expect(probes).toBe(2); // no probing while online
});
