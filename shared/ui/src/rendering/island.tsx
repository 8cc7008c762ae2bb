import { createElement, memo, Suspense, useContext, useEffect, useRef, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useHydrated } from './hydration';
import { PageDataContext, type PageData } from './page-data';
import { sameProps } from './same-props';
import { useServerRender } from './server-render-context';

/**
 * When an island's server HTML becomes interactive (docs/rendering.md, "What hydrates when"):
 * - `visible`: once it comes within 200 px of the viewport (a review list, a rail of products);
 * - `interaction`: once the shopper reaches for it — pointer over it, a touch, focus, a key —
 *   before the click that follows (a gallery, a table of contents).
 */
export type HydrateWhen = 'visible' | 'interaction';

const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;
const VISIBLE_MARGIN = '200px 0px';

/** Holds an island's hydration until its moment; opened once, never closed again. */
class HydrationGate {
  open = false;
  element: HTMLElement | null = null;
  readonly opened: Promise<void>;
  private resolve!: () => void;

  constructor(readonly data: PageData | null) {
    this.opened = new Promise((resolve) => (this.resolve = resolve));
  }

  release(): void {
    if (this.open) return;
    this.open = true;
    this.resolve();
  }

  /** The content has hydrated: its copy of the first view is let go; the element says so (tests, DevTools). */
  hydrated(): void {
    this.data?.close();
    this.element?.setAttribute('data-hydrated', '');
  }
}

/** Calls `release` when `element` first nears the viewport; without IntersectionObserver at once. */
function whenVisible(element: Element, release: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    release();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      release();
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Calls `release` on the shopper's first reach for `element`. Listened for on the document in
 * the capture phase — before React's own listener at the region's root, which stops an event
 * aimed at content still dehydrated (and, for a click, hydrates it at once: the gate is open by
 * then, so the click reaches a hydrated button).
 */
function whenReachedFor(element: Element, release: () => void): () => void {
  const document = element.ownerDocument;
  const onEvent = (event: Event) => {
    if (!(event.target instanceof Node) || !element.contains(event.target)) return;
    stop();
    release();
  };
  const stop = () => INTERACTION_EVENTS.forEach((type) => document.removeEventListener(type, onEvent, true));
  INTERACTION_EVENTS.forEach((type) => document.addEventListener(type, onEvent, { capture: true, passive: true }));
  return stop;
}

/**
 * Whether the island's element holds the server's HTML still to hydrate: React leaves a completed
 * Suspense boundary's content between `<!--$-->` and `<!--/$-->` (a boundary rendered in the
 * browser has no such marker). Its content is not rendered in the region's first pass at all.
 */
function holdsServerHtml(element: HTMLElement): boolean {
  const first = element.firstChild;
  return first?.nodeType === Node.COMMENT_NODE && (first as Comment).data === '$';
}

export interface IslandProps<P extends object> {
  when: HydrateWhen;
  /** The island's content: a component and its props (compared one by one, so a page's re-render with the same values leaves the island be). */
  component: ComponentType<P>;
  props: P;
  as?: 'div' | 'section' | 'aside' | 'nav';
  className?: string;
}

function IslandOf<P extends object>({ when, component, props, as = 'div', className }: IslandProps<P>) {
  // No state that changes after hydration here, and no render for props that did not change
  // (memo below): a render of the island before its moment is an update to its dehydrated
  // boundary, which React answers by rendering it afresh.
  const onServer = useServerRender() !== null || !globalThis.document;
  const pageData = useContext(PageDataContext);
  const [gate] = useState(() => (onServer ? null : new HydrationGate(pageData?.forLaterHydration() ?? null)));
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!gate || gate.open || !ref.current || !holdsServerHtml(ref.current)) {
      gate?.release();
      return undefined;
    }
    gate.element = ref.current;
    const release = () => gate.release();
    return when === 'visible' ? whenVisible(ref.current, release) : whenReachedFor(ref.current, release);
  }, [gate, when]);
  return createElement(
    as,
    { ref, className, 'data-island': when },
    createElement(
      Suspense,
      { fallback: null },
      createElement(
        PageDataContext.Provider,
        { value: gate?.data ?? pageData },
        createElement(IslandGate, { gate, children: createElement(component, props) }),
      ),
    ),
  );
}

function sameIsland(before: IslandProps<object>, after: IslandProps<object>): boolean {
  const { props: beforeProps, ...beforeRest } = before;
  const { props: afterProps, ...afterRest } = after;
  return sameProps(beforeRest, afterRest) && sameProps(beforeProps, afterProps);
}

/**
 * A part of a region that hydrates on its own, after the region (docs/rendering.md): the
 * region's hydration — the critical path — skips it (its Suspense boundary stays server HTML),
 * and it hydrates in a task of its own at its moment. Rendered on the server, or afresh in the
 * browser (a later navigation), it is simply its content.
 *
 * It renders its element (`as`, with `className`), so a grid or flex child keeps its place;
 * its content gets the region's first-view data as the server had it, though the region has
 * closed it by then. Props that change before its moment (another variant's picture) make
 * React render it afresh: correct, only not lazy — keep them stable (`useMemo`) otherwise.
 */
export const Island = memo(IslandOf, sameIsland) as <P extends object>(props: IslandProps<P>) => ReactElement;

/** Suspends the island's hydration until its gate opens; a fresh (not hydrating) render never waits. */
function IslandGate({ gate, children }: { gate: HydrationGate | null; children: ReactNode }) {
  const hydrating = !useHydrated();
  // Thrown, not `use`d: once open, the gate must let a synchronous hydration (a click) through
  // at once, where `use` would wait a microtask for the promise it saw pending.
  if (gate && !gate.open && hydrating) throw gate.opened;
  useEffect(() => gate?.hydrated(), [gate]);
  return children;
}
