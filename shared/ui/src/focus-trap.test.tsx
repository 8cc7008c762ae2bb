import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { Drawer } from './drawer';
import { renderRemote } from './testing/render-remote';
import { useFocusTrap } from './use-focus-trap';
import { useOverlayPanel } from './use-overlay-panel';

/** A panel between two page controls; what Tab must skip: disabled, hidden, tabindex -1. */
function Trapped({ active, label = 'Panel' }: { active: boolean; label?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, active);
  return (
    <div ref={ref} role="group" aria-label={label}>
      <a href="/a">{label} first</a>
      <button type="button" disabled>
        {label} disabled
      </button>
      <input aria-label={`${label} field`} />
      <button type="button" tabIndex={-1}>
        {label} not tabbable
      </button>
      <div hidden>
        <button type="button">{label} hidden</button>
      </div>
      <button type="button">{label} last</button>
      <button type="button" hidden>
        {label} hidden last
      </button>
    </div>
  );
}

function Page({ active }: { active: boolean }) {
  return (
    <>
      <button type="button">Before</button>
      <Trapped active={active} />
      <button type="button">After</button>
    </>
  );
}

describe('useFocusTrap', () => {
  test('Tab from the last tabbable element goes to the first, Shift+Tab from the first to the last', async () => {
    render(<Page active />);
    screen.getByRole('link', { name: 'Panel first' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Panel field' })).toHaveFocus(); // the disabled button skipped
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Panel last' })).toHaveFocus(); // tabindex -1 and hidden skipped
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Panel first' })).toHaveFocus(); // not "After", not the hidden button
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Panel last' })).toHaveFocus(); // not "Before"
  });

  test('focus that lands outside while active is pulled back in; inactive, nothing is trapped', async () => {
    const { rerender } = render(<Page active />);
    act(() => screen.getByRole('button', { name: 'Before' }).focus());
    expect(screen.getByRole('link', { name: 'Panel first' })).toHaveFocus();

    rerender(<Page active={false} />);
    screen.getByRole('button', { name: 'Panel last' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  test('a panel opened over another keeps its focus: the two traps never fight', async () => {
    render(
      <>
        <Trapped active label="Under" />
        <Trapped active label="Over" />
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Over last' }).focus());
    expect(screen.getByRole('button', { name: 'Over last' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Over first' })).toHaveFocus();
  });
});

/** The pattern of the header panels (MiniCart, WishlistPanel): an opener, useOverlayPanel, a Drawer. */
function DrawerPanel() {
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLDivElement>('wishlist');
  return (
    <>
      <button ref={openerRef} type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Drawer title="Drawer" onClose={() => setOpen(false)} focusRef={focusRef} onKeyDown={onKeyDown}>
          <a href="/x">Inside link</a>
          <button type="button">Inside button</button>
        </Drawer>
      )}
      <button type="button">Page after</button>
    </>
  );
}

test('a drawer traps Tab, closes on Escape and gives focus back to its opener', async () => {
  await renderRemote(<DrawerPanel />, { name: 'test', loaders: { 'pl-PL': async () => ({}) } });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = screen.getByRole('dialog', { name: 'Drawer' });
  expect(dialog).toHaveFocus();
  await userEvent.tab({ shift: true }); // from the drawer itself, before its first control
  expect(screen.getByRole('button', { name: 'Inside button' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Zamknij' })).toHaveFocus(); // the close button comes first
  await userEvent.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Inside button' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
});
