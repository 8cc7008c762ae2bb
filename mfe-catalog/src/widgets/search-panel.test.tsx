import { panelClosed, panelOpened } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/src/testing/render-remote';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { SearchPanel } from './search-panel';

test('opens with the overlay, asks for 3 characters, closes with Escape back to the button', async () => {
  const events: string[] = [];
  const offs = [panelOpened.on(({ panel }) => events.push(`open ${panel}`)), panelClosed.on(({ panel }) => events.push(`close ${panel}`))];
  await renderRemote(<SearchPanel />, CATALOG_NAMESPACE);
  const opener = screen.getByRole('button', { name: 'Szukaj' });
  await userEvent.click(opener);
  expect(events).toEqual(['open search']);
  const input = screen.getByLabelText('Szukaj w sklepie');
  expect(input).toHaveFocus();
  await userEvent.type(input, 'gr');
  expect(screen.getByRole('status')).toHaveTextContent('Wyszukiwana fraza powinna mieć co najmniej 3 znaki');
  await userEvent.type(input, 'z');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(events).toEqual(['open search', 'close search']);
  expect(opener).toHaveFocus();
  offs.forEach((off) => off());
});
