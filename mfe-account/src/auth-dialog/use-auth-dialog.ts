import { $session, closePanelsRequested, loginRequested, panelClosed, panelOpened, type OverlayPanel } from '@kaloryfer/contracts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { AuthView } from './auth-view';

/** The name the dialog gives the shell's overlay. */
export const AUTH_PANEL: OverlayPanel = 'auth';

/** The reason the session owner gives when a refused token refresh signed the customer out (spec §4). */
const SESSION_EXPIRED = 'session-expired';

/**
 * The sign-in dialog's state: which form is shown (null: closed). It opens from the header's
 * button and whenever anyone sends `session:login-requested` (a guarded page; spec §4: a refused
 * token refresh shows the sign-up form). While open, the shell's overlay knows (a click on it
 * or Escape closes the dialog); on close, focus goes back to what had it before — or, when
 * that is gone (the sign-in button is replaced by the customer's menu), to `fallbackFocus`.
 */
export function useAuthDialog(fallbackFocus: RefObject<HTMLElement | null>) {
  const [view, setView] = useState<AuthView | null>(null);
  // Why the dialog was asked for, kept while it is open: a session that ended on its own is said.
  const [sessionExpired, setSessionExpired] = useState(false);
  const isOpen = useRef(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const show = useCallback((next: AuthView, reason?: string) => {
    if (!isOpen.current) {
      isOpen.current = true;
      const focused = document.activeElement;
      returnTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      setSessionExpired(reason === SESSION_EXPIRED);
    }
    setView(next);
  }, []);

  const close = useCallback(() => {
    isOpen.current = false;
    setView(null);
  }, []);

  const open = view !== null;
  useEffect(() => {
    if (!open) return undefined;
    panelOpened.emit({ panel: AUTH_PANEL });
    const off = closePanelsRequested.on(close);
    return () => {
      off();
      panelClosed.emit({ panel: AUTH_PANEL });
      // The element to return to as it is when the dialog closes (not when it opened).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const back = returnTo.current?.isConnected ? returnTo.current : fallbackFocus.current;
      returnTo.current = null;
      back?.focus();
    };
  }, [open, close, fallbackFocus]);

  // A request held from before this widget loaded may arrive once the session has started signed in.
  useEffect(
    () =>
      loginRequested.on(({ mode, reason }) => {
        if ($session.get().authorised) return;
        show(mode === 'register' ? 'register' : 'login', reason);
      }),
    [show],
  );

  return { view, sessionExpired, show, close, dialogRef };
}
