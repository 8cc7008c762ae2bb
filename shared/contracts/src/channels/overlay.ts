import { defineChannel } from '../bus';

/** Panels whose opening turns the page overlay on (spec §2). */
export type OverlayPanel = 'sidebar' | 'microcart' | 'search' | 'wishlist' | 'add-to-cart' | 'variation' | 'auth';

/** Fact: a panel opened or closed; the shell derives $overlay from these. */
export const panelOpened = defineChannel<{ panel: OverlayPanel }>('overlay:panel-opened');
export const panelClosed = defineChannel<{ panel: OverlayPanel }>('overlay:panel-closed');

/** Command from the shell: the shopper clicked the overlay or pressed Escape; owners close their panel. */
export const closePanelsRequested = defineChannel<Record<string, never>>('overlay:close-requested');
