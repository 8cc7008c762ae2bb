import { defineChannel } from '../bus';
import type { NoPayload } from './product-ref';

/** Panels whose opening turns the page overlay on (spec §2). */
export type OverlayPanel = 'sidebar' | 'microcart' | 'search' | 'wishlist' | 'add-to-cart' | 'variation' | 'auth';

export type PanelChange = Readonly<{ panel: OverlayPanel }>;

/**
 * Commands to the shell: a panel opened or closed (any panel's owner sends them); the shell alone
 * acts on them, deriving $overlay. Plain channels: the shell listens before any remote loads.
 */
export const panelOpened = defineChannel<PanelChange>('overlay:panel-opened');
export const panelClosed = defineChannel<PanelChange>('overlay:panel-closed');

/** Fact from the shell: the shopper clicked the overlay or pressed Escape; panel owners close their panel. */
export const closePanelsRequested = defineChannel<NoPayload>('overlay:close-requested');
