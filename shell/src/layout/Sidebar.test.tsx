import { panelClosed, panelOpened } from '@kaloryfer/contracts';
import { i18n, I18nextProvider, initI18n } from '@kaloryfer/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addShellNamespace } from '../i18n/shell-namespace';
import { Sidebar } from './Sidebar';

beforeAll(async () => {
  await initI18n({ language: 'pl-PL' });
  addShellNamespace();
});

function renderSidebar(open: boolean, onClose = jest.fn()) {
  return render(<I18nextProvider i18n={i18n}><Sidebar open={open} onClose={onClose} /></I18nextProvider>);
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
    rerender(<I18nextProvider i18n={i18n}><Sidebar open={false} onClose={jest.fn()} /></I18nextProvider>);
    expect(events).toContain('close sidebar');
    act(() => { jest.advanceTimersByTime(299); });
    rerender(<I18nextProvider i18n={i18n}><Sidebar open onClose={jest.fn()} /></I18nextProvider>);
    // reopened within 300 ms: the submenu path is still there
    expect(screen.getByRole('link', { name: 'Drabinkowe' })).toBeInTheDocument();
    rerender(<I18nextProvider i18n={i18n}><Sidebar open={false} onClose={jest.fn()} /></I18nextProvider>);
    act(() => { jest.advanceTimersByTime(300); });
    rerender(<I18nextProvider i18n={i18n}><Sidebar open onClose={jest.fn()} /></I18nextProvider>);
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
});
