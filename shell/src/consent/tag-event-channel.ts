import { defineCommand } from '@kaloryfer/contracts';
import { pushToDataLayer, type DataLayerEvent } from '../behaviours/tag-manager';

/**
 * How a remote reports to the tag manager: remotes never touch `window.dataLayer` themselves
 * (that would pass by the consent gate); they send this command and the shell pushes the event
 * through `pushToDataLayer`, where its purpose decides whether it goes now, waits for consent
 * or is dropped. A command waits for the shell if sent before it listens.
 *
 * The channel is named here and in mfe-content/src/status-pages/report-error.ts (the only
 * sender so far): the bus is one singleton, so one name is one channel. It belongs in
 * shared/contracts once a second remote sends on it.
 */
export const TAG_EVENT_CHANNEL = 'tag-manager:event-requested';

export const tagEventRequested = defineCommand<DataLayerEvent>(TAG_EVENT_CHANNEL);

/** Only events with a name, and only flat values (no objects a remote could smuggle a shopper's data in). */
function isTagEvent(payload: unknown): payload is DataLayerEvent {
  if (typeof payload !== 'object' || payload === null) return false;
  const event = payload as Record<string, unknown>;
  return (
    typeof event.event === 'string' &&
    event.event !== '' &&
    Object.values(event).every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value))
  );
}

export function startRemoteTagEvents(): () => void {
  return tagEventRequested.on((payload) => {
    if (isTagEvent(payload)) pushToDataLayer({ ...payload });
  });
}
