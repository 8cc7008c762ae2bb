import { navigationRequested, notificationRequested, type NotificationInput } from '@kaloryfer/contracts';

/** What a page asked the shell for during a test: the notifications it showed and where it navigated. */
export function recordShellRequests() {
  const notifications: NotificationInput[] = [];
  const navigations: { to: string; replace?: boolean }[] = [];
  const offs = [notificationRequested.on((input) => notifications.push(input)), navigationRequested.on((request) => navigations.push(request))];
  return { notifications, navigations, stop: () => offs.forEach((off) => off()) };
}
