import type { Assignment } from './ab-assignment';
import { parseRegistry } from './registry';
import { RemoteLoader, RemoteUnavailableError, type FederationRuntime, type LoaderEvent } from './remote-loader';

const variant = (name: string, contracts = '1.0.0', weight = 50) => ({
  name,
  entry: `http://localhost:3003/${name}/mf-manifest.json`,
  version: '1.0.0',
  contracts,
  weight,
});

function setup(options: { failing?: string[]; hanging?: string[]; contractsB?: string; timeoutMs?: number } = {}) {
  const registry = parseRegistry({
    timeoutMs: options.timeoutMs ?? 1000,
    remotes: { checkout: { control: 'a', variants: { a: variant('checkout_a'), b: variant('checkout_b', options.contractsB) } } },
  });
  const assignments: Assignment[] = [{ remote: 'checkout', variant: 'b', source: 'override' }];
  const calls: string[] = [];
  const registrations: { names: string[]; force?: boolean }[] = [];
  const failing = new Set(options.failing ?? []);
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, opts) => registrations.push({ names: remotes.map((r) => r.name), force: opts?.force }),
    loadRemote: async <T>(id: string) => {
      calls.push(id);
      const container = id.split('/')[0];
      if (options.hanging?.includes(container)) return new Promise<T>(() => undefined);
      if (failing.has(container)) throw new Error(`404 ${container}`);
      return { from: container } as T;
    },
  };
  const events: LoaderEvent[] = [];
  const loader = new RemoteLoader(registry, assignments, runtime, '1.0.0', (event) => events.push(event));
  return { loader, calls, events, registrations, failing };
}

describe('RemoteLoader', () => {
  test('registers every build once at start and loads the assigned variant', async () => {
    const { loader, calls, registrations } = setup();
    expect(registrations).toEqual([{ names: ['checkout_a', 'checkout_b'], force: undefined }]);
    await expect(loader.load('checkout', './app')).resolves.toEqual({ from: 'checkout_b' });
    expect(calls).toEqual(['checkout_b/app']);
    expect(loader.variantOf('checkout')?.id).toBe('b');
  });

  test('falls back to the control variant when the assigned one fails', async () => {
    const { loader, calls, events } = setup({ failing: ['checkout_b'] });
    await expect(loader.load('checkout', './app')).resolves.toEqual({ from: 'checkout_a' });
    expect(calls).toEqual(['checkout_b/app', 'checkout_a/app']);
    expect(events).toEqual([{ event: 'mfe_fallback', remote: 'checkout', from: 'b', to: 'a', reason: '404 checkout_b' }]);
  });

  test('falls back when the assigned one times out', async () => {
    const { loader } = setup({ hanging: ['checkout_b'], timeoutMs: 100 });
    await expect(loader.load('checkout', './app')).resolves.toEqual({ from: 'checkout_a' });
  });

  test('refuses a build made against another contracts major, before fetching it', async () => {
    const { loader, calls, events } = setup({ contractsB: '2.0.0' });
    await expect(loader.load('checkout', './app')).resolves.toEqual({ from: 'checkout_a' });
    expect(calls).toEqual(['checkout_a/app']);
    expect(events[0]).toMatchObject({ event: 'mfe_refused', remote: 'checkout', variant: 'b' });
  });

  test('when every build fails the error names the remote; a retry fetches afresh', async () => {
    const { loader, registrations, failing } = setup({ failing: ['checkout_a', 'checkout_b'] });
    await expect(loader.load('checkout', './app')).rejects.toBeInstanceOf(RemoteUnavailableError);
    failing.clear();
    loader.reset('checkout');
    await expect(loader.load('checkout', './app')).resolves.toEqual({ from: 'checkout_b' });
    expect(registrations.filter((r) => r.force).map((r) => r.names[0])).toEqual(['checkout_b']);
  });

  test('a build that loaded but broke while mounting hands over to the control variant', async () => {
    const { loader, events } = setup();
    await loader.load('checkout', './app');
    expect(loader.markBroken('checkout')).toBe(true);
    await expect(loader.load('checkout', './app')).resolves.toEqual({ from: 'checkout_a' });
    expect(events).toContainEqual({ event: 'mfe_fallback', remote: 'checkout', from: 'b', to: 'a', reason: 'mount failed' });
    expect(loader.markBroken('checkout')).toBe(false);
  });

  test('a remote missing from the registry is unavailable', async () => {
    const { loader } = setup();
    await expect(loader.load('cart', './MiniCart')).rejects.toThrow('remote cart is unavailable: not in the registry');
  });
});
