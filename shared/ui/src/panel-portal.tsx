import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from './rendering/hydration';

/**
 * Renders an overlay panel (drawer, search panel) at the end of <body>. Header widgets live
 * inside the sticky header, whose stacking context sits below the page overlay: rendered in
 * place, a panel would be dimmed and the overlay would swallow every click in it.
 */
export function PanelPortal({ children }: { children: ReactNode }) {
  // Panels open on a shopper's action: never in a server render or the hydrating one.
  if (!useHydrated()) return null;
  return createPortal(children, document.body);
}
