import { act } from '@testing-library/react';
import { Component, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { routePage, useRoutePageCode } from './route-page';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A page whose code arrives when the test says so, counting how often it was asked for. */
function deferredPage() {
  const calls = { count: 0 };
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const page = routePage<{ label: string }>('page-counter', () => {
    calls.count += 1;
    return new Promise((resolve, reject) => {
      arrive = () => resolve(Counter);
      fail = reject;
    });
  });
  return { page, calls, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

test('once preloaded, a page renders at once: a hydration that waited for it draws the server HTML, without a mismatch', async () => {
  const { page: Page, arrive } = deferredPage();
  const preloading = Page.preload();
  arrive();
  await preloading;
  const tree = <Page label="Licznik" />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  expect(container.textContent).toBe('Licznik 0');
  const serverButton = container.querySelector('button');
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  // The same node, now alive.
  expect(container.querySelector('button')).toBe(serverButton);
  await act(async () => serverButton?.click());
  expect(container.textContent).toBe('Licznik 1');
});

/** The region's crash screen, as the boundary of the remote's lifecycles (single-spa-react) shows it. */
class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Awaria: {this.state.error.message}</p> : this.props.children;
  }
}

/** A region as a remote draws it: the page once its code is here, a skeleton before. */
function Region({ page: Page }: { page: ReturnType<typeof deferredPage>['page'] }) {
  const ready = useRoutePageCode(Page);
  return ready ? <Page label="Licznik" /> : <p>Wczytywanie…</p>;
}

test('before its code is here, a region shows its skeleton, then the page; the code is asked for once', async () => {
  const { page: Page, calls, arrive } = deferredPage();
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<Region page={Page} />));
  expect(container.textContent).toBe('Wczytywanie…');
  void Page.preload(); // a link hovered meanwhile: the same request
  await act(async () => arrive());
  expect(container.textContent).toBe('Licznik 0');
  expect(calls.count).toBe(1);
  act(() => root.unmount());
});

test("a page whose code cannot be fetched is a render error for the region's crash screen, not an endless skeleton", async () => {
  const { page: Page, fail } = deferredPage();
  const container = document.createElement('div');
  const root = createRoot(container);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () =>
    root.render(
      <Boundary>
        <Region page={Page} />
      </Boundary>,
    ),
  );
  await act(async () => fail(new TypeError('Failed to fetch')));
  expect(container.textContent).toBe('Awaria: Failed to fetch');
  error.mockRestore();
  act(() => root.unmount());
});

test('a page rendered before its code arrived says so, instead of drawing nothing', () => {
  const { page: Page } = deferredPage();
  expect(() => renderToString(<Page label="Licznik" />)).toThrow('before its code arrived');
});

test('a failed load is forgotten: the next preload asks again', async () => {
  const { page: Page, calls, fail, arrive } = deferredPage();
  const first = Page.preload();
  fail(new TypeError('Failed to fetch'));
  await expect(first).rejects.toThrow('Failed to fetch');
  const second = Page.preload();
  expect(calls.count).toBe(2);
  arrive();
  await expect(second).resolves.toBe(Counter);
});
