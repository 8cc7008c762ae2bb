import {
  claimWriter, connectivityChanged, notificationRequested, panelClosed, panelOpened,
} from '@kaloryfer/contracts';
import { closePanel, openPanel } from './overlay-state';
import { NotificationCenter } from './notification-center';

/** The shell writes $notifications, $overlay and $connectivity; here is all of that writing. */
export function startShellWriters(): NotificationCenter {
  const notifications = new NotificationCenter(claimWriter('notifications', 'shell'));
  notificationRequested.on((input) => { notifications.add(input); });

  const overlay = claimWriter('overlay', 'shell');
  panelOpened.on(({ panel }) => overlay.set(openPanel(overlay.get(), panel)));
  panelClosed.on(({ panel }) => overlay.set(closePanel(overlay.get(), panel)));
  overlay.subscribe(({ active }) => document.body.classList.toggle('has-overlay', active));

  const connectivity = claimWriter('connectivity', 'shell');
  // The offline notice stays while offline and goes when the connection returns.
  let offlineNotice: number | null = null;
  const update = (online: boolean) => {
    if (connectivity.get().online === online) return;
    connectivity.set({ online });
    connectivityChanged.emit({ online });
    if (!online) offlineNotice = notifications.add({ type: 'warning', message: 'You are offline', hasNoTimeout: true })?.id ?? null;
    else if (offlineNotice !== null) {
      notifications.remove(offlineNotice);
      offlineNotice = null;
    }
  };
  connectivity.set({ online: navigator.onLine });
  window.addEventListener('online', () => update(true));
  window.addEventListener('offline', () => update(false));
  return notifications;
}
