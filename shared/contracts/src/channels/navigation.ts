import { defineChannel } from '../bus';
import { linkTo, type RouteIntent } from '../routes';

export type NavigationRequest = Readonly<{ to: string; replace?: boolean }>;
export type PageTitle = Readonly<{ title: string; description?: string }>;

/** Command: the shell navigates (route changes are serialised there). */
export const navigationRequested = defineChannel<NavigationRequest>('navigation:requested');

/** Command: a page's title to set; the shell formats it (spec §2 rules). */
export const pageTitleChanged = defineChannel<PageTitle>('page:title');

export function navigate(intent: RouteIntent, options: { replace?: boolean } = {}): void {
  navigationRequested.emit({ to: linkTo(intent), replace: options.replace });
}
