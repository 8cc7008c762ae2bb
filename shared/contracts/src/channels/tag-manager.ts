import { defineCommand } from '../bus';

/**
 * An event for the tag manager: a name and flat values only (the shell drops anything else, so
 * no object can carry a shopper's data in). Its purpose decides whether it goes now, waits for
 * consent or is dropped (the shell's consent gate).
 */
export type TagEvent = Readonly<{ event: string } & Record<string, string | number | boolean | null>>;

/**
 * Command: report to the tag manager. A remote never touches `window.dataLayer` itself (that would
 * pass by the consent gate): it sends this, and the shell pushes the event. Sent before the shell
 * listens, it waits for it.
 */
export const tagEventRequested = defineCommand<TagEvent>('tag-manager:event-requested');
