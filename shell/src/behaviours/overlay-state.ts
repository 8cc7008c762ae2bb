import type { OverlayPanel, OverlayState } from '@kaloryfer/contracts';

/**
 * $overlay is derived from which panels are open (spec §2): opening the sidebar, microcart,
 * search panel, wishlist, add-to-cart popup or variation popup turns it on; closing the last
 * turns it off.
 */
export function openPanel(state: OverlayState, panel: OverlayPanel): OverlayState {
  if (state.panels.includes(panel)) return state;
  return { active: true, panels: [...state.panels, panel] };
}

export function closePanel(state: OverlayState, panel: OverlayPanel): OverlayState {
  if (!state.panels.includes(panel)) return state;
  const panels = state.panels.filter((open) => open !== panel);
  return { active: panels.length > 0, panels };
}

export const SUBMENU_CLEAR_DELAY_MS = 300;
