/**
 * The footer's "Ustawienia cookies" link is server HTML without code (the footer region is
 * `interactive: false`): a plain link whose hash is SETTINGS_HASH. The shell opens the cookie
 * settings for it — on a click (before the router sees it), when the hash is typed or linked
 * (hashchange), and when a page is opened with it.
 */
export const SETTINGS_HASH = '#ustawienia-cookies';

export function isSettingsLink(anchor: HTMLAnchorElement, origin: string = location.origin): boolean {
  try {
    const url = new URL(anchor.href, location.href);
    return url.origin === origin && url.hash === SETTINGS_HASH;
  } catch {
    return false;
  }
}

/** Drops the hash from the address without a navigation (the dialog is not a page). */
function clearHash(): void {
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

/** Calls `open` with the element focus goes back to; returns the cleanup. */
export function listenForSettingsLink(open: (opener: HTMLElement | null) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || !isSettingsLink(anchor)) return;
    event.preventDefault(); // the router (a listener on the bubbling phase) leaves it alone
    open(anchor);
  };
  const onHash = () => {
    if (location.hash !== SETTINGS_HASH) return;
    clearHash();
    open(null);
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener('hashchange', onHash);
  onHash();
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('hashchange', onHash);
  };
}
