import { HOLD_EARLY_SUBMITS } from './early-submit';

/**
 * The page's inline script in a DOM: a press before the code behind a form has run reaches that
 * code once the route has hydrated, exactly once; forms with an action and forms code took are
 * left alone.
 */

const root = document.documentElement;
/** What reached `window` after the script's listener: was the browser's own submission stopped? */
const seen: { form: HTMLFormElement; prevented: boolean }[] = [];

beforeAll(() => {
  new Function(HOLD_EARLY_SUBMITS)();
  window.addEventListener('submit', (event) => seen.push({ form: event.target as HTMLFormElement, prevented: event.defaultPrevented }));
});

beforeEach(() => {
  jest.useFakeTimers();
  seen.length = 0;
  root.removeAttribute('data-route-ready');
  document.body.innerHTML = `
    <form id="buy" novalidate><input value="1"><button id="add" type="submit">Dodaj do koszyka</button></form>
    <form id="banner" method="post" action="/consent"><button id="accept" name="choice" value="all">Akceptuję</button></form>`;
});

afterEach(() => {
  // Nothing held into the next case: a route that became ready lets any held press go.
  root.setAttribute('data-route-ready', '');
  jest.runAllTimers();
  jest.useRealTimers();
});

const buy = () => document.getElementById('buy') as HTMLFormElement;
const press = (id: string) => (document.getElementById(id) as HTMLButtonElement).click();
/** The remote's code arriving: it takes the form's submits from now on. */
function hydrate(form: HTMLFormElement) {
  const taken: (HTMLElement | null)[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    taken.push((event as SubmitEvent).submitter);
  });
  return taken;
}
/** MutationObserver callbacks are microtasks; the replay is a task after them. */
async function routeReady() {
  root.setAttribute('data-route-ready', '');
  await Promise.resolve();
  jest.advanceTimersByTime(0);
}

test('a press before hydration is held (no reload), shown busy, and reaches the handler once the route is ready — once', async () => {
  press('add');
  expect(seen).toEqual([{ form: buy(), prevented: true }]);
  expect(root.hasAttribute('data-held-submit')).toBe(true);

  const taken = hydrate(buy());
  jest.advanceTimersByTime(5_000);
  expect(taken).toEqual([]); // not before the route says it has hydrated

  await routeReady();
  expect(taken).toEqual([document.getElementById('add')]);
  expect(root.hasAttribute('data-held-submit')).toBe(false);
  jest.advanceTimersByTime(20_000);
  expect(taken).toHaveLength(1);
});

test('two presses before hydration are one add: the last press is held', async () => {
  press('add');
  press('add');
  const taken = hydrate(buy());
  await routeReady();
  jest.advanceTimersByTime(20_000);
  expect(taken).toHaveLength(1);
});

test('a form whose part hydrates after the route (an island) is tried again every 250 ms until its code takes it', async () => {
  await routeReady();
  press('add');
  expect(seen.at(-1)).toEqual({ form: buy(), prevented: true });
  jest.advanceTimersByTime(1_000);
  const taken = hydrate(buy());
  jest.advanceTimersByTime(250);
  expect(taken).toHaveLength(1);
  expect(root.hasAttribute('data-held-submit')).toBe(false);
});

test('a press no code ever takes is let go after 40 tries (10 s), not retried forever', async () => {
  await routeReady();
  press('add');
  jest.advanceTimersByTime(9_000);
  expect(root.hasAttribute('data-held-submit')).toBe(true);
  const tries = seen.length;
  jest.advanceTimersByTime(2_000);
  expect(root.hasAttribute('data-held-submit')).toBe(false);
  expect(seen.length).toBeLessThanOrEqual(41);
  expect(tries).toBeGreaterThan(30);
  jest.advanceTimersByTime(60_000);
  expect(seen.length).toBeLessThanOrEqual(41);
});

test('a form with an action posts as without JavaScript; a submit code took is left alone', async () => {
  const banner = document.getElementById('banner') as HTMLFormElement;
  // jsdom cannot navigate: stop the post after the script has had its say.
  banner.addEventListener('submit', () => undefined);
  window.addEventListener('submit', (event) => event.preventDefault(), { once: true });
  press('accept');
  expect(seen).toEqual([{ form: banner, prevented: false }]);
  expect(root.hasAttribute('data-held-submit')).toBe(false);

  const taken = hydrate(buy());
  press('add');
  expect(taken).toHaveLength(1);
  expect(seen.at(-1)).toEqual({ form: buy(), prevented: true });
  expect(root.hasAttribute('data-held-submit')).toBe(false);
  await routeReady();
  expect(taken).toHaveLength(1);
});
