import { act } from '@testing-library/react';
import { atom } from 'nanostores';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useClientStore, useHydrated } from './hydration';

/** The shopper's own state (here: a cart count kept in their browser) is rendered after hydration. */
const $count = atom(0);
const SERVER_COUNT = 0;
function CartCount() {
  const count = useClientStore($count, SERVER_COUNT);
  const hydrated = useHydrated();
  return <p data-hydrated={hydrated}>{count}</p>;
}

test("the hydrating render shows what the server showed, the browser's value right after, without a mismatch", async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<CartCount />);
  expect(container.innerHTML).toBe('<p data-hydrated="false">0</p>');
  $count.set(3); // the cart engine read the shopper's cart before React hydrated
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <CartCount />, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe('<p data-hydrated="true">3</p>');
  await act(async () => $count.set(4));
  expect(container.textContent).toBe('4');
});
