import { tagEventRequested } from '@kaloryfer/contracts';
import { pushToDataLayer, type DataLayerEvent } from '../behaviours/tag-manager';

/**
 * How a remote reports to the tag manager (the contracts' `tagEventRequested`): remotes never
 * touch `window.dataLayer` themselves (that would pass by the consent gate); they send the
 * command and the shell pushes the event through `pushToDataLayer`, where its purpose decides
 * whether it goes now, waits for consent or is dropped.
 */

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
