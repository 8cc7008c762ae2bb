import type { RemoteName } from '@kaloryfer/contracts';
import type { RemoteLoader } from '../registry/remote-loader';
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
