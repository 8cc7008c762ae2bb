import { act } from '@testing-library/react';
import { useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Island, type HydrateWhen } from './island';
import { PageData, PageDataProvider, usePageData } from './page-data';
import { ServerRender, ServerRenderContext } from './server-render-context';

/** IntersectionObserver as the browser has it, driven by the test. */
class FakeIntersectionObserver {
  static observers: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  /** The targets scroll into view. */
  static show() {
    for (const observer of FakeIntersectionObserver.observers)
      if (observer.targets.length > 0)
        observer.callback(
          observer.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          observer as unknown as IntersectionObserver,
        );
  }
}

beforeEach(() => {
  FakeIntersectionObserver.observers = [];
  Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver });
});
afterEach(() => document.body.replaceChildren());

let renders = 0;
/** An interactive part with its data from the page's first view, counting its renders. */
function Reviews() {
  renders += 1;
  const reviews = usePageData('reviews', () => Promise.reject(new Error('the first view has the reviews')));
  const [shown, setShown] = useState(1);
  if (reviews.status !== 'ready') return <p>…</p>;
  const all = reviews.value as string[];
  return (
    <section>
      <ul>
        {all.slice(0, shown).map((review) => (
          <li key={review}>{review}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setShown(all.length)}>
        Pokaż więcej
      </button>
    </section>
  );
}

const ENTRIES = { reviews: { value: ['Grzeje świetnie', 'Ładny kolor', 'Szybka dostawa'] } };

/** A server render as the remotes' server builds do it: with its render context. */
const onServer = (element: React.ReactElement) => renderToString(<ServerRender.Provider value={new ServerRenderContext()}>{element}</ServerRender.Provider>);

function Product({ when, data }: { when: HydrateWhen; data: PageData }) {
  return (
    <PageDataProvider data={data}>
      <h1>Grzejnik Baltyk</h1>
      <Island when={when} className="reviews" component={Reviews} props={{}} />
    </PageDataProvider>
  );
}

/** The server's HTML, hydrated the way a region is: its data closed after its first commit. */
async function serverThenHydrate(when: HydrateWhen) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = onServer(<Product when={when} data={new PageData(ENTRIES)} />);
  const html = container.innerHTML;
  renders = 0;
  const data = new PageData(ENTRIES);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Product when={when} data={data} />, { onRecoverableError: (error) => errors.push(error) });
  });
  data.close();
  return { container, html, errors };
}

const button = (container: HTMLElement) => container.querySelector('button')!;
/** The page's HTML without the mark an island sets once hydrated. */
const withoutMark = (container: HTMLElement) => container.innerHTML.replace(' data-hydrated=""', '');

test('a "visible" island stays server HTML until it nears the viewport, then hydrates with the first view', async () => {
  const { container, html, errors } = await serverThenHydrate('visible');
  expect(renders).toBe(0);
  expect(container.innerHTML).toBe(html);
  // Not hydrated yet: a press does nothing.
  await act(async () => button(container).click());
  expect(container.querySelectorAll('li')).toHaveLength(1);

  await act(async () => FakeIntersectionObserver.show());
  expect(renders).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  expect(withoutMark(container)).toBe(html);
  expect(container.querySelector('.reviews')!.hasAttribute('data-hydrated')).toBe(true);
  await act(async () => button(container).click());
  expect(container.querySelectorAll('li')).toHaveLength(3);
});

test('an "interaction" island hydrates when the shopper reaches for it, not when it is seen', async () => {
  const { container, html, errors } = await serverThenHydrate('interaction');
  await act(async () => FakeIntersectionObserver.show());
  expect(renders).toBe(0);
  await act(async () => {
    button(container).dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
  });
  expect(renders).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  expect(withoutMark(container)).toBe(html);
  await act(async () => button(container).click());
  expect(container.querySelectorAll('li')).toHaveLength(3);
});

test('focus reaches an "interaction" island too (a keyboard user)', async () => {
  const { container } = await serverThenHydrate('interaction');
  await act(async () => {
    button(container).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
  expect(renders).toBeGreaterThan(0);
});

test('rendered afresh (a later navigation), an island is its content at once', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  renders = 0;
  await act(async () => createRoot(container).render(<Product when="visible" data={new PageData(ENTRIES)} />));
  expect(renders).toBeGreaterThan(0);
  expect(container.querySelector('.reviews li')?.textContent).toBe('Grzeje świetnie');
  expect(FakeIntersectionObserver.observers).toHaveLength(0);
});

test('the server renders the content inside the island element, for search engines and the first paint', () => {
  const html = onServer(<Product when="visible" data={new PageData(ENTRIES)} />);
  expect(html).toContain('<div class="reviews" data-island="visible">');
  expect(html).toContain('<li>Grzeje świetnie</li>');
});

test('a press on an "interaction" island that was never hovered (a touch screen, a script) works at once', async () => {
  const { container, errors } = await serverThenHydrate('interaction');
  await act(async () => button(container).click());
  expect(errors).toEqual([]);
  expect(container.querySelectorAll('li')).toHaveLength(3);
});
