import { useEffect, type RefObject } from 'react';

/** What Tab can reach: enabled controls and links, and anything given a non-negative tabindex. */
const TABBABLE = ['a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', '[tabindex]']
  .map((selector) => `${selector}:not([tabindex="-1"]):not(:disabled)`)
  .join(', ');

/** Set on a container while its trap is on, so that two open panels never pull focus from each other. */
const TRAP_ATTRIBUTE = 'data-focus-trap';

/** The container's tabbable elements in document order, leaving out those not shown. */
function tabbables(container: HTMLElement): HTMLElement[] {
  return (
    [...container.querySelectorAll<HTMLElement>(TABBABLE)]
      // checkVisibility sees CSS display: none and visibility: hidden (jsdom lacks it: attributes only).
      .filter((element) => !element.closest('[hidden], [inert]') && (element.checkVisibility?.({ visibilityProperty: true }) ?? true))
  );
}

/** `a` comes before `b` in document order (an ancestor comes before what it contains). */
const before = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/**
 * Keeps keyboard focus inside a modal panel (drawer, search panel, sidebar) while `active`:
 * Tab from the last tabbable element goes to the first, Shift+Tab from the first to the last,
 * and focus that lands outside (a script, a stray click) is pulled back to the first. Without
 * it Tab walks on into the page hidden under the overlay.
 *
 * Escape and giving focus back to the opener stay with the panel (`useOverlayPanel`, the
 * sidebar): the container is read at event time, so once the panel is unmounted or hidden the
 * trap lets the opener have focus, whichever cleanup runs first.
 */
export function useFocusTrap(containerRef: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const live = () => {
      const container = containerRef.current;
      return container?.isConnected && !container.closest('[hidden]') ? container : null;
    };
    // Focus inside another open panel (opened over this one) is that panel's to keep.
    const inOtherTrap = (container: HTMLElement, node: Element) => {
      const other = node.closest(`[${TRAP_ATTRIBUTE}]`);
      return other !== null && !container.contains(node) && !other.contains(container);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const container = live();
      if (event.key !== 'Tab' || event.defaultPrevented || !container) return;
      const focused = document.activeElement;
      if (focused && inOtherTrap(container, focused)) return;
      const items = tabbables(container);
      const first = items[0];
      const last = items[items.length - 1];
      let next: HTMLElement | undefined;
      if (!first)
        next = container; // nothing to tab to: stay on the panel
      else if (!focused || !container.contains(focused)) next = event.shiftKey ? last : first;
      else if (event.shiftKey && (focused === first || before(focused, first))) next = last;
      else if (!event.shiftKey && (focused === last || before(last, focused))) next = first;
      if (!next) return; // between the first and the last, Tab moves as usual
      event.preventDefault();
      next.focus();
    };

    const onFocusIn = (event: FocusEvent) => {
      const container = live();
      const target = event.target;
      if (!container || !(target instanceof Element) || container.contains(target) || inOtherTrap(container, target)) return;
      (tabbables(container)[0] ?? container).focus();
    };

    const marked = containerRef.current;
    marked?.setAttribute(TRAP_ATTRIBUTE, '');
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      marked?.removeAttribute(TRAP_ATTRIBUTE);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [active, containerRef]);
}
