import { claimWriter } from '@kaloryfer/contracts';
import { render } from '@testing-library/react';
import { isOffline, useOfflineRedirect } from './offline';
import { recordShellRequests } from './testing/shell-requests';

/** useOfflineRedirect against the real bus: what the shell would be told, and when. */
const connectivity = claimWriter('connectivity', 'shell');
let heard: ReturnType<typeof recordShellRequests>;
beforeEach(() => {
  connectivity.set({ online: true });
  heard = recordShellRequests();
});
afterEach(() => {
  heard.stop();
  jest.restoreAllMocks();
});

function Page({ failed }: { failed: boolean }) {
  useOfflineRedirect(failed);
  return null;
}

const HOME_WITH_WARNING = {
  notifications: [{ type: 'warning', message: 'The product, category or CMS page is not available in Offline mode, redirecting to Home' }],
  navigations: [{ to: '/', replace: true }],
};

test("a failed load while $connectivity is offline: the spec's warning and a replace-navigation home, once", () => {
  connectivity.set({ online: false });
  const view = render(<Page failed />);
  view.rerender(<Page failed />);
  expect({ notifications: heard.notifications, navigations: heard.navigations }).toEqual(HOME_WITH_WARNING);
});

test('$connectivity still says online but the browser knows it is offline (navigator.onLine false): home too', () => {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  expect(isOffline()).toBe(true);
  render(<Page failed />);
  expect({ notifications: heard.notifications, navigations: heard.navigations }).toEqual(HOME_WITH_WARNING);
});

test('online, a failed load stays where it is (the page shows its own error)', () => {
  expect(isOffline()).toBe(false);
  render(<Page failed />);
  expect({ notifications: heard.notifications, navigations: heard.navigations }).toEqual({ notifications: [], navigations: [] });
});

test('nothing failed offline: nothing happens; a second failure after a retry warns again', () => {
  connectivity.set({ online: false });
  const view = render(<Page failed={false} />);
  expect(heard.notifications).toEqual([]);
  view.rerender(<Page failed />);
  view.rerender(<Page failed={false} />);
  view.rerender(<Page failed />);
  expect(heard.notifications).toHaveLength(2);
  expect(heard.navigations).toHaveLength(2);
});
