import { claimWriter, connectivityChanged, notificationRequested, panelClosed, panelOpened, requestFailed } from '@kaloryfer/contracts';
import { closePanel, openPanel } from './overlay-state';
import { NotificationCenter } from './notification-center';

/** How the shell asks whether the shop answers again after a failed request (GET /api/health). */
export interface ConnectivityProbe {
  reachable: () => Promise<boolean>;
  everyMs: number;
}

const HEALTH_PROBE: ConnectivityProbe = {
  reachable: () =>
    fetch('/api/health', { cache: 'no-store' }).then(
      (response) => response.ok || response.status < 500,
      () => false,
    ),
  everyMs: 5000,
};

/** The shell writes $notifications, $overlay and $connectivity; here is all of that writing. */
export function startShellWriters({ probe = HEALTH_PROBE }: { probe?: ConnectivityProbe } = {}): NotificationCenter {
  const notifications = new NotificationCenter(claimWriter('notifications', 'shell'));
  notificationRequested.on((input) => {
    notifications.add(input);
  });

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
  // A page opened offline (from the service worker's cache) says so from the start.
  update(navigator.onLine);

  // A request that got no answer while the browser claims to be online: offline until the API
  // answers a probe again (or the browser's 'online' event says so first).
  let probing: ReturnType<typeof setTimeout> | null = null;
  const probeAgain = () => {
    probing = setTimeout(() => {
      void probe.reachable().then((reachable) => {
        if (connectivity.get().online) probing = null;
        else if (reachable) {
          probing = null;
          update(true);
        } else probeAgain();
      });
    }, probe.everyMs);
  };
  requestFailed.on(() => {
    if (!connectivity.get().online) return;
    update(false);
    if (probing === null) probeAgain();
  });
  window.addEventListener('online', () => update(true));
  window.addEventListener('offline', () => update(false));
  return notifications;
}
