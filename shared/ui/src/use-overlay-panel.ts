import { closePanelsRequested, panelClosed, panelOpened, type OverlayPanel } from '@kaloryfer/contracts';
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A panel that turns the page overlay on (spec §2): while open it is announced to the shell,
 * focus moves into it, a click on the overlay (or Escape) closes it, and on close focus goes
 * back to the control that opened it. Keeping Tab inside is `useFocusTrap`'s (the Drawer has it).
 */
export function useOverlayPanel<Opener extends HTMLElement, Focus extends HTMLElement>(
  panel: OverlayPanel,
): {
  open: boolean;
  setOpen: (open: boolean) => void;
  openerRef: RefObject<Opener | null>;
  focusRef: RefObject<Focus | null>;
  onKeyDown: (event: { key: string }) => void;
} {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<Opener>(null);
  const focusRef = useRef<Focus>(null);

  useEffect(() => {
    if (!open) return undefined;
    panelOpened.emit({ panel });
    focusRef.current?.focus();
    const off = closePanelsRequested.on(() => setOpen(false));
    const opener = openerRef.current;
    return () => {
      off();
      panelClosed.emit({ panel });
      opener?.focus();
    };
  }, [open, panel]);

  const onKeyDown = (event: { key: string }) => {
    if (event.key === 'Escape') setOpen(false);
  };
  return { open, setOpen, openerRef, focusRef, onKeyDown };
}
