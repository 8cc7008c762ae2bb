import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { HeaderWidget, HeaderWidgetName } from '../apps/header-widgets';
import type { RegionMounter } from '../apps/region-mounter';
import { WidgetLauncher } from './widget-launcher';

/** How long a mounted widget may take to draw its first element before the launcher gives way anyway. */
const FIRST_DRAW_MS = 3000;

/**
 * A header slot filled by a remote's widget in the browser (search, account, wishlist, mini-cart).
 * Server and first render show the shell's launcher: the widget's button as a first visitor sees
 * it. The remote's code loads when it is needed (apps/header-widgets.ts); once the widget has
 * drawn, the launcher goes and the widget shows in its place (never both) — focus moves to the widget's button if the launcher had it, and a
 * click the shopper made on the launcher is made again on the widget.
 */
export function WidgetSlot({
  mounter,
  name,
  widget,
  className,
}: {
  mounter: RegionMounter | null;
  name: HeaderWidgetName;
  /** The remote and module that fill this slot in this shop (header-widgets.ts, headerWidgetsOf). */
  widget: HeaderWidget;
  className: string;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const clickWaiting = useRef(false);
  const [phase, setPhase] = useState<'launcher' | 'restoring' | 'mounted'>('launcher');
  // Pressed before the widget's code arrived: the launcher says so at once (the press's next
  // paint, what INP measures), and the press is made again on the widget when it has drawn.
  const [pending, setPending] = useState(false);
  // Set once the shell has hydrated (the server's render has nothing to load with).
  const wake = useRef<(() => Promise<void>) | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host || !mounter) return undefined;
    let live = true;
    const handle = mounter.attachHeaderWidget(host, widget, () => {
      void firstDrawn(host).then((drawn) => {
        if (!live) return;
        const hadFocus = launcherRef.current !== null && document.activeElement === launcherRef.current;
        // Launcher out and widget shown in one commit, now: the button moves focus to must be shown.
        flushSync(() => setPhase('mounted'));
        const button = drawn?.closest('[data-fallback]') ? null : (host.querySelector<HTMLButtonElement>('button') ?? null);
        if (hadFocus) button?.focus();
        if (clickWaiting.current) {
          clickWaiting.current = false;
          button?.click();
        }
      });
    });
    // A badge the stored state will change is not shown as 0 meanwhile.
    if (handle.storedState) setPhase('restoring');
    wake.current = handle.wake;
    return () => {
      live = false;
      wake.current = null;
      handle.dispose();
    };
  }, [mounter, widget]);

  const onIntent = (click: boolean) => {
    if (click) {
      clickWaiting.current = true;
      setPending(true);
    }
    void wake.current?.();
  };

  return (
    <div className={`slot ${className}`} data-slot={`${widget.remote}${widget.module.slice(1)}`}>
      {phase !== 'mounted' && <WidgetLauncher ref={launcherRef} name={name} restoring={phase === 'restoring'} pending={pending} onIntent={onIntent} />}
      {/* Hidden until the launcher goes: never two buttons of one name on the page (the widget draws before its mount settles). */}
      <div ref={hostRef} className="widget-host" hidden={phase !== 'mounted'} />
    </div>
  );
}

/** The widget's first element in its host (a remote renders in a transition: after its mount settles). */
function firstDrawn(host: HTMLElement): Promise<Element | null> {
  const found = () => host.querySelector('button, a, input, [data-fallback]');
  const now = found();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = found();
      if (!element) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(found());
    }, FIRST_DRAW_MS);
    observer.observe(host, { childList: true, subtree: true });
  });
}
