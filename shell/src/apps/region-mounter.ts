import type { RemoteName } from '@kaloryfer/contracts';
import type { RemoteLoader } from '../registry/remote-loader';
import { hasStoredState, type HeaderWidget } from './header-widgets';
import { regionKey, type PageState } from '../state/page-state';
import { ResilientRegion, type ServerView } from './resilient-region';

type Task = () => Promise<unknown>;

/** Runs tasks one after another, each in an idle period of the main thread. */
export function idleQueue(schedule: (run: () => void) => void = onIdle) {
  const tasks: Task[] = [];
  let started = false;
  let running = false;
  const next = () => {
    if (!started || running) return;
    const task = tasks.shift();
    if (!task) return;
    running = true;
    schedule(() => {
      void task().finally(() => {
        running = false;
        next();
      });
    });
  };
  return {
    add(task: Task) {
      tasks.push(task);
      next();
    },
    /** Tasks wait until the page's route region has mounted (it gets the network first). */
    start() {
      started = true;
      next();
    },
  };
}

export interface HeaderWidgetHandle {
  /** Loads and mounts the widget now (once); settles when it is mounted or has fallen back. */
  wake(): Promise<void>;
  /** Whether it loads anyway, after hydration: the shopper's browser holds state it shows. */
  storedState: boolean;
  dispose(): void;
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage switched off: nothing stored
  }
}

function onIdle(run: () => void): void {
  if ('requestIdleCallback' in globalThis) requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1);
}

/**
 * What the browser does with each slot of a server-rendered page: a route region or widget the
 * server rendered is hydrated once with the page's data (a region whose HTML needs no code is
 * left alone); anything else is mounted afresh. Header widgets load after the route region has
 * mounted, one per idle task.
 */
export class RegionMounter {
  private readonly widgets = idleQueue();
  private readonly taken = new Set<string>();
  private readonly wakers = new Map<RemoteName, Set<() => Promise<void>>>();
  private readonly wokenRemotes = new Set<RemoteName>();

  constructor(
    private readonly loader: RemoteLoader,
    private readonly state: PageState | null,
  ) {}

  /**
   * The server's view of a module, once: the first mount hydrates it; a later mount (the shopper
   * came back to the route) renders afresh.
   */
  serverView(element: HTMLElement, remote: RemoteName, module: string): ServerView | null {
    const key = regionKey(remote, module);
    const region = this.state?.regions[key];
    if (!region?.rendered || this.taken.has(key)) return null;
    this.taken.add(key);
    const host = element.querySelector<HTMLElement>(':scope > .remote-host');
    return host ? { host, data: region.data, variant: region.variant } : null;
  }

  /** Whether the server's HTML of this module is complete without the remote's code. */
  isStatic(remote: RemoteName, module: string): boolean {
    const region = this.state?.regions[regionKey(remote, module)];
    return region?.rendered === true && !region.interactive;
  }

  /**
   * The route region has mounted (or failed): widgets may load now. The page says so on
   * <html data-route-ready> (operators and the e2e suite wait for it before acting).
   */
  routeSettled(): void {
    document.documentElement.setAttribute('data-route-ready', '');
    this.widgets.start();
  }

  /**
   * A header widget behind its launcher (header-widgets.ts): mounted into `host` when woken — by
   * the shopper's intent or a command waiting for its remote (`wakeRemote`) — or, when the
   * shopper has stored state it shows, after the route region, one per idle task.
   * `onMounted` runs once the mount has settled (the widget, or its fallback, is in `host`).
   */
  attachHeaderWidget(
    host: HTMLElement,
    widget: HeaderWidget,
    onMounted: () => void,
    storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
  ): HeaderWidgetHandle {
    const region = new ResilientRegion(this.loader, widget.remote, widget.module, 'widget');
    let mounting: Promise<void> | null = null;
    let disposed = false;
    const wake = (): Promise<void> => {
      if (disposed) return Promise.resolve();
      mounting ??= region.mount(host, {}, null, { quiet: true }).then(() => {
        // Its code could not arrive (offline on a first visit): a later need — the connection's
        // return with a command still waiting — tries again.
        if (region.failed) mounting = null;
        if (!disposed) onMounted();
      });
      return mounting;
    };
    let wakers = this.wakers.get(widget.remote);
    if (!wakers) this.wakers.set(widget.remote, (wakers = new Set()));
    wakers.add(wake);
    const storedState = hasStoredState(widget, storage);
    if (this.wokenRemotes.has(widget.remote)) void wake();
    else if (storedState) this.widgets.add(wake);
    return {
      wake,
      storedState,
      dispose: () => {
        disposed = true;
        wakers.delete(wake);
        void region.unmount();
      },
    };
  }

  /** Something needs this remote's code now (a command waits for it): its header widgets load. */
  wakeRemote(remote: RemoteName): void {
    this.wokenRemotes.add(remote);
    for (const wake of this.wakers.get(remote) ?? []) void wake();
  }

  /** Queues a widget's mount; returns the cleanup for the slot's unmount. */
  mountWidget(element: HTMLElement, remote: RemoteName, module: string): () => void {
    if (this.isStatic(remote, module)) return () => undefined;
    const region = new ResilientRegion(this.loader, remote, module, 'widget');
    let cancelled = false;
    this.widgets.add(async () => {
      if (!cancelled) await region.mount(element, {}, this.serverView(element, remote, module));
    });
    return () => {
      cancelled = true;
      void region.unmount();
    };
  }
}
