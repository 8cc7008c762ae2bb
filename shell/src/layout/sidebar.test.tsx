import { panelClosed, panelOpened } from '@kaloryfer/contracts';
import { i18n, I18nextProvider, initI18n } from '@kaloryfer/i18n';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useRef, useState } from 'react';
import { addShellNamespace } from '../i18n/shell-bundles';
import { Sidebar } from './sidebar';

beforeAll(async () => {
  await initI18n({ language: 'pl-PL' });
  addShellNamespace();
});

function renderSidebar(open: boolean, onClose = jest.fn()) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Sidebar open={open} onClose={onClose} />
    </I18nextProvider>,
  );
}

describe('Sidebar', () => {
  test('opening announces the panel; closing announces it closed and clears the submenu path after 300 ms', async () => {
    const events: string[] = [];
    const offs = [panelOpened.on(({ panel }) => events.push(`open ${panel}`)), panelClosed.on(({ panel }) => events.push(`close ${panel}`))];
    const { rerender } = renderSidebar(true);
    expect(events).toContain('open sidebar');

    await userEvent.click(screen.getByRole('button', { name: /Grzejniki łazienkowe/ }));
    expect(screen.getByRole('link', { name: 'Drabinkowe' })).toHaveAttribute('href', '/c/grzejniki-drabinkowe');

    jest.useFakeTimers();
    rerender(
      <I18nextProvider i18n={i18n}>
        <Sidebar open={false} onClose={jest.fn()} />
      </I18nextProvider>,
    );
    expect(events).toContain('close sidebar');
    act(() => {
      jest.advanceTimersByTime(299);
    });
    rerender(
      <I18nextProvider i18n={i18n}>
        <Sidebar open onClose={jest.fn()} />
      </I18nextProvider>,
    );
    // reopened within 300 ms: the submenu path is still there
    expect(screen.getByRole('link', { name: 'Drabinkowe' })).toBeInTheDocument();
    rerender(
      <I18nextProvider i18n={i18n}>
        <Sidebar open={false} onClose={jest.fn()} />
      </I18nextProvider>,
    );
    act(() => {
      jest.advanceTimersByTime(300);
    });
    rerender(
      <I18nextProvider i18n={i18n}>
        <Sidebar open onClose={jest.fn()} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('link', { name: 'Drabinkowe' })).not.toBeInTheDocument();
    jest.useRealTimers();
    offs.forEach((off) => off());
  });

  test('Escape closes it', async () => {
    const onClose = jest.fn();
    renderSidebar(true, onClose);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  test('open, Tab stays in it; Escape or ✕ closes it and focus goes back to the menu button', async () => {
    /** As in ShellLayout: the menu button opens the sidebar and is passed as its opener. */
    function Header() {
      const [open, setOpen] = useState(false);
      const menuButton = useRef<HTMLButtonElement>(null);
      const close = useCallback(() => setOpen(false), []);
      return (
        <I18nextProvider i18n={i18n}>
          <button ref={menuButton} type="button" onClick={() => setOpen(true)}>
            Menu
          </button>
          <Sidebar open={open} onClose={close} opener={menuButton} />
          <a href="/page">Page after the sidebar</a>
        </I18nextProvider>
      );
    }
    render(<Header />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    const sidebar = screen.getByRole('navigation', { name: 'Menu kategorii' });
    const close = within(sidebar).getByRole('button', { name: 'Zamknij panel' });
    const last = within(sidebar).getByRole('link', { name: 'Porady' });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true }); // before the first control: round to the last, not back to the menu button
    expect(last).toHaveFocus();
    await userEvent.tab(); // past the last: to the first, not on to the page
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(sidebar).not.toBeVisible();
    expect(menuButton).toHaveFocus();

    await userEvent.click(menuButton);
    await userEvent.click(within(sidebar).getByRole('button', { name: /Akcesoria/ })); // into a submenu
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Zamknij panel' }));
    expect(menuButton).toHaveFocus();
  });
});
