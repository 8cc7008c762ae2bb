import { renderRemote } from '@kaloryfer/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOMINAL } from '@kaloryfer/domain';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { $heatingAt, setHeatingAt } from './heating-at';
import { HeatingControl, RoomHelper } from './heating-control';

beforeEach(() => {
  localStorage.clear();
  setHeatingAt(NOMINAL);
});

test("a preset, the bathroom and own temperatures set the shopper's temperatures and keep them", async () => {
  await renderRemote(<HeatingControl />, CATALOG_NAMESPACE);
  expect(screen.getByRole('radio', { name: '75/65 °C – wartość katalogowa' })).toBeChecked();
  await userEvent.click(screen.getByRole('radio', { name: '45/35 °C – pompa ciepła, ogrzewanie niskotemperaturowe' }));
  expect($heatingAt.get()).toEqual({ supply: 45, return: 35, room: 20 });
  // A cookie, so the page server renders the next page at these temperatures too.
  expect(document.cookie).toContain('kf_heat=45%2F35%2F20');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Łazienka (24 °C w pomieszczeniu)' }));
  expect($heatingAt.get()).toEqual({ supply: 45, return: 35, room: 24 });
  expect(screen.getByText('Moce pokazujemy dla 45/35/24 °C (zasilanie/powrót/pokój, PN-EN 442).')).toBeInTheDocument();

  await userEvent.click(screen.getByText('Własne temperatury'));
  const supply = screen.getByRole('spinbutton', { name: 'Zasilanie (°C)' });
  await userEvent.clear(supply);
  await userEvent.type(supply, '30');
  await userEvent.click(screen.getByRole('button', { name: 'Przelicz moc' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Podaj pełne stopnie');
  expect(supply).toHaveAttribute('aria-invalid', 'true');
  expect($heatingAt.get()).toEqual({ supply: 45, return: 35, room: 24 }); // nothing lost
  await userEvent.clear(supply);
  await userEvent.type(supply, '50');
  await userEvent.click(screen.getByRole('button', { name: 'Przelicz moc' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect($heatingAt.get()).toEqual({ supply: 50, return: 35, room: 24 });
  expect(screen.getByRole('radio', { name: /pompa ciepła/ })).not.toBeChecked();
});

test('the room helper: area × W/m² of the room type, one click filters; a bathroom sets 24 °C', async () => {
  const needs: number[] = [];
  await renderRemote(<RoomHelper onNeed={(watts) => needs.push(watts)} />, CATALOG_NAMESPACE);
  const button = screen.getByRole('button', { name: 'Pokaż pasujące grzejniki' });
  expect(button).toBeDisabled();
  const area = screen.getByRole('textbox', { name: 'Powierzchnia pomieszczenia (m²)' });
  await userEvent.type(area, '12');
  expect(screen.getByText('Potrzebujesz około 960 W.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Pokaż grzejniki od 960 W' }));
  expect(needs).toEqual([960]);
  expect($heatingAt.get().room).toBe(20);

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rodzaj pomieszczenia' }), 'bathroom');
  await userEvent.clear(area);
  await userEvent.type(area, '4,5');
  await userEvent.click(screen.getByRole('button', { name: 'Pokaż grzejniki od 450 W' }));
  expect(needs).toEqual([960, 450]);
  expect($heatingAt.get().room).toBe(24);

  await userEvent.clear(area);
  await userEvent.type(area, '0');
  expect(screen.getByText('Podaj powierzchnię od 1 do 200 m².')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pokaż pasujące grzejniki' })).toBeDisabled();
});

test("own-temperature fields follow a change made elsewhere (the room helper's bathroom)", async () => {
  await renderRemote(
    <>
      <HeatingControl />
      <RoomHelper onNeed={() => undefined} />
    </>,
    CATALOG_NAMESPACE,
  );
  await userEvent.click(screen.getByText('Własne temperatury'));
  expect(screen.getByRole('spinbutton', { name: 'Pokój (°C)' })).toHaveValue(20);
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rodzaj pomieszczenia' }), 'bathroom');
  await userEvent.type(screen.getByRole('textbox', { name: 'Powierzchnia pomieszczenia (m²)' }), '5');
  await userEvent.click(screen.getByRole('button', { name: 'Pokaż grzejniki od 500 W' }));
  expect(screen.getByRole('spinbutton', { name: 'Pokój (°C)' })).toHaveValue(24);
  expect(screen.getByRole('checkbox', { name: 'Łazienka (24 °C w pomieszczeniu)' })).toBeChecked();
});
