import { defineChannel } from '../bus';
import { linkTo, type RouteIntent } from '../routes';

/** Command: the shell navigates (route changes are serialised there). */
export const navigationRequested = defineChannel<{ to: string; replace?: boolean }>('navigation:requested');

/** Fact: a page wants its title set; the shell formats it (spec §2 rules). */
export const pageTitleChanged = defineChannel<{ title: string; description?: string }>('page:title');

export function navigate(intent: RouteIntent, options: { replace?: boolean } = {}): void {
  navigationRequested.emit({ to: linkTo(intent), replace: options.replace });
}
