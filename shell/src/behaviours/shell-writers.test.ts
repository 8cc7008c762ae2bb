import { $connectivity, $notifications, $overlay, connectivityChanged, panelClosed, panelOpened } from '@kaloryfer/contracts';
import { startShellWriters } from './shell-writers';

describe('what the shell writes', () => {
  const center = startShellWriters();
  afterEach(() => $notifications.get().forEach((n) => center.remove(n.id)));

  test('going offline is written to $connectivity, announced, and tells the shopper; back online is announced and the notice goes', () => {
    const heard: boolean[] = [];
    const off = connectivityChanged.on(({ online }) => heard.push(online));
    window.dispatchEvent(new Event('offline'));
    expect($connectivity.get()).toEqual({ online: false });
    expect($notifications.get().map((n) => [n.type, n.message, n.hasNoTimeout])).toEqual([['warning', 'You are offline', true]]);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect($connectivity.get()).toEqual({ online: true });
    expect($notifications.get()).toEqual([]);
    expect(heard).toEqual([false, true]);
    off();
  });

  test('panels opening and closing drive $overlay and the body class', () => {
    panelOpened.emit({ panel: 'microcart' });
    expect($overlay.get()).toEqual({ active: true, panels: ['microcart'] });
    expect(document.body).toHaveClass('has-overlay');
    panelClosed.emit({ panel: 'microcart' });
    expect($overlay.get()).toEqual({ active: false, panels: [] });
    expect(document.body).not.toHaveClass('has-overlay');
  });
});
