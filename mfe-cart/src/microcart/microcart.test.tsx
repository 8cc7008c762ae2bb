import { claimWriter, type NotificationInput } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartEngine } from '../engine/cart-engine';
import { createCartStorage } from '../engine/cart-storage';
import { ScriptedCartServer } from '../engine/testing/scripted-cart-server';
import { CART_NAMESPACE } from '../i18n/namespace';
import { Microcart } from './microcart';

/** The microcart over a real engine and a scripted server, as the drawer shows it. */
async function microcart() {
  const server = new ScriptedCartServer();
  const notes: NotificationInput[] = [];
  const memory = new Map<string, string>();
  const engine = new CartEngine({
    api: server,
    storage: createCartStorage({
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }),
    publish: (state) => claimWriter('cart', 'mfe-cart').set(state),
    notify: (note) => notes.push(note),
  });
  await engine.start();
  await engine.add({ sku: 'KF-ZT-0001', qty: 2, product: { name: 'Zawór termostatyczny', priceInclTax: 89, image: 'kf-zt-0001.webp' } });
  await engine.add({
    sku: 'KF-LD-0086-500x1200-BIA',
    parentSku: 'KF-LD-0086',
    qty: 1,
    product: { name: 'Grzejnik Lido', priceInclTax: 1299, typeId: 'configurable' },
  });
  notes.length = 0;
  const onClose = jest.fn();
  await renderRemote(<Microcart engine={engine} onClose={onClose} />, CART_NAMESPACE);
  return { server, engine, notes, onClose, cartId: () => engine.stored.token! };
}

const lineOf = (name: RegExp) => screen.getAllByRole('listitem').find((item) => within(item).queryByRole('heading', { name }))!;

test('lines with thumbnails, prices, totals by their codes, the free-delivery progress and the way to checkout', async () => {
  await microcart();
  const valve = lineOf(/Produkt KF-ZT-0001/);
  expect(valve.querySelector('img')).toHaveAttribute('src', expect.stringContaining('150'));
  expect(valve).toHaveTextContent('178,00 zł');
  expect(valve).toHaveTextContent('89,00 zł / szt.');
  expect(screen.getByRole('region', { name: 'Podsumowanie' })).toHaveTextContent(/Wartość produktów\s*1\s?477,00 zł/);
  expect(screen.getByText(/Do darmowej dostawy brakuje 3\s?523,00 zł/)).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Postęp do darmowej dostawy' })).toHaveAttribute('value', '1477');
  expect(screen.getByRole('link', { name: 'Przejdź do kasy' })).toHaveAttribute('href', '/checkout');
  expect(screen.getByRole('button', { name: 'Zmień wariant: Produkt KF-LD-0086-500x1200-BIA' })).toBeInTheDocument();
  expect(within(valve).queryByRole('button', { name: /Zmień wariant/ })).not.toBeInTheDocument();
});

test('the stepper changes the quantity on the server; a wrong number is explained and not sent', async () => {
  const { server, notes, cartId } = await microcart();
  await userEvent.click(screen.getByRole('button', { name: 'Zwiększ ilość: Produkt KF-ZT-0001' }));
  await waitFor(() => expect(server.lines(cartId())[0]).toEqual({ sku: 'KF-ZT-0001', qty: 3 }));
  expect(notes.map((note) => note.message)).toEqual(['Product quantity has been updated!']);
  const field = screen.getByRole('textbox', { name: 'Ilość: Produkt KF-ZT-0001' });
  await waitFor(() => expect(field).toHaveValue('3'));
  await userEvent.clear(field);
  await userEvent.type(field, '0{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('Ilość musi być większa od 0');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(server.lines(cartId())[0].qty).toBe(3);
  await userEvent.clear(field);
  await userEvent.type(field, '5{Enter}');
  await waitFor(() => expect(server.lines(cartId())[0].qty).toBe(5));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('removal asks first: No keeps the line and gives focus back, Yes removes it on the server', async () => {
  const { server, cartId } = await microcart();
  const remove = screen.getByRole('button', { name: 'Usuń z koszyka: Produkt KF-ZT-0001' });
  await userEvent.click(remove);
  expect(screen.getByRole('group', { name: 'Usunąć „Produkt KF-ZT-0001” z koszyka?' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Tak, usuń' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Nie, zostaw' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Usuń z koszyka: Produkt KF-ZT-0001' })).toHaveFocus());
  await userEvent.click(screen.getByRole('button', { name: 'Usuń z koszyka: Produkt KF-ZT-0001' }));
  await userEvent.click(screen.getByRole('button', { name: 'Tak, usuń' }));
  await waitFor(() => expect(server.lines(cartId())).toEqual([{ sku: 'KF-LD-0086-500x1200-BIA', qty: 1 }]));
  expect(screen.queryByRole('heading', { name: /KF-ZT-0001/ })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('list', { name: 'Produkty w koszyku' })).toHaveFocus()); // not lost to the page
});

test('a line that sold out: its name and picture stay, "Niedostępny", no price and no quantity, only removal; the summary leaves it out and checkout waits for its removal', async () => {
  const { server, engine } = await microcart();
  server.stock['KF-ZT-0001'] = { is_in_stock: false };
  await engine.sync();
  const valve = lineOf(/Produkt KF-ZT-0001/);
  expect(valve.querySelector('img')).toHaveAttribute('src', expect.stringContaining('150'));
  expect(within(valve).getByText('Niedostępny')).toBeInTheDocument();
  expect(valve).not.toHaveTextContent(/zł/);
  expect(within(valve).queryByRole('textbox', { name: /Ilość/ })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('region', { name: 'Podsumowanie' })).toHaveTextContent(/Wartość produktów\s*1\s?299,00 zł/));
  expect(screen.queryByRole('link', { name: 'Przejdź do kasy' })).not.toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Niektóre produkty są niedostępne. Usuń je, aby przejść do kasy.');
  await userEvent.click(within(valve).getByRole('button', { name: 'Usuń z koszyka: Produkt KF-ZT-0001' }));
  await userEvent.click(screen.getByRole('button', { name: 'Tak, usuń' }));
  await waitFor(() => expect(screen.getByRole('link', { name: 'Przejdź do kasy' })).toBeInTheDocument());
});

test('a coupon: a wrong code is refused with the spec message, a right one shows its discount and can be removed', async () => {
  await microcart();
  const field = screen.getByRole('textbox', { name: 'Kod rabatowy' });
  await userEvent.click(screen.getByRole('button', { name: 'Zastosuj' }));
  expect(screen.getByRole('alert')).toHaveTextContent('To pole jest wymagane');
  await userEvent.type(field, 'NIEMA{Enter}');
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Wpisany kod rabatowy jest nieprawidłowy'));
  await userEvent.clear(field);
  await userEvent.type(field, 'zima15{Enter}');
  await waitFor(() => expect(screen.getByText('Rabat (ZIMA15)')).toBeInTheDocument());
  expect(screen.getByText('Kod rabatowy ZIMA15 został naliczony.')).toHaveAttribute('role', 'status');
  expect(screen.getByText('Do zapłaty').nextSibling).toHaveTextContent(/1\s?255,45 zł/);
  await userEvent.click(screen.getByRole('button', { name: 'Usuń kod ZIMA15' }));
  await waitFor(() => expect(screen.queryByText('Rabat (ZIMA15)')).not.toBeInTheDocument());
  expect(screen.getByRole('textbox', { name: 'Kod rabatowy' })).toBeInTheDocument();
});
