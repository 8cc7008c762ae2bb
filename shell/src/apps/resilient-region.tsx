import type { PageDataEntry, RemoteName } from '@kaloryfer/contracts';
import { createRoot, type Root } from 'react-dom/client';
import { mountRootParcel, type Parcel } from 'single-spa';
import { loadingMarkup, RegionFallback } from '../layout/region-fallback';
import type { RemoteLoader } from '../registry/remote-loader';
import { pageSignals } from '../signals/page-signals';
import { lifecyclesOf, runLifecycle, type Lifecycles } from './lifecycles';

/** The server-rendered first view a mount takes over (hydrates) instead of rendering. */
export interface ServerView {
  /** The element holding the remote's HTML. */
  host: HTMLElement;
  data: Record<string, PageDataEntry>;
  /** The variant that rendered it: another build (the control, after a failure) renders afresh. */
  variant: string;
  /** The host is kept but emptied: render into it, do not hydrate. */
  fresh?: boolean;
}

/**
 * Mounts one exposed module of a remote into a DOM element and never lets its failure escape.
 * A route region runs inside its single-spa application's lifecycle; a widget is mounted as a
 * single-spa parcel. Either way:
 * a server-rendered view stays on screen while the remote's code loads and is then hydrated in
 * place; otherwise the region shows a skeleton while loading. A remote that 404s, times out or
 * throws shows a Polish fallback with a retry button in its own region — above the server's
 * HTML when there is some, so the shopper can still read the page. If the build that loaded
 * throws on mount, the control variant gets a turn before the fallback shows. A route region
 * whose retry fails as well calls `onFailedTwice` (the shell sends the shopper to /error).
 */
export class ResilientRegion {
  private lifecycles: Lifecycles | null = null;
  private bootstrapped = false;
  private host: HTMLElement | null = null;
  private placeholder: { root: Root | null; holder: HTMLElement } | null = null;
  private mountedProps: Record<string, unknown> | null = null;
  private parcel: Parcel | null = null;
  private generation = 0;
  /** Failed attempts of this mount in a row: the first attempt, then each retry the shopper asks for. */
  private failuresInARow = 0;
  private quiet = false;
  /** A render of the module threw while its mount was still under way: dealt with once it resolves. */
  private crashedWhileMounting = false;
  /** Whether the last mount ended in the fallback (its code could not load or threw). */
  failed = false;

  constructor(
    private readonly loader: RemoteLoader,
    private readonly remote: RemoteName,
    private readonly exposed: string,
    private readonly variant: 'region' | 'widget' = 'region',
    /** A route region that failed twice in a row (its load and the shopper's retry): where to send the shopper. */
    private readonly onFailedTwice?: () => void,
  ) {}

  /**
   * `quiet`: no skeleton while loading — something else holds the place (a header widget's
   * launcher, which stays until the widget has rendered).
   */
  async mount(element: HTMLElement, props: Record<string, unknown> = {}, serverView: ServerView | null = null, { quiet = false } = {}): Promise<void> {
    this.failuresInARow = 0;
    this.quiet = quiet;
    return this.attempt(element, props, serverView);
  }

  private async attempt(element: HTMLElement, props: Record<string, unknown>, serverView: ServerView | null): Promise<void> {
    const generation = ++this.generation;
    if (!serverView) {
      // The server's skeleton for a region it could not render: this mount takes its place.
      element.querySelectorAll(':scope > [data-csr]').forEach((node) => node.remove());
      if (!this.quiet) this.showPlaceholder(element, 'loading');
    }
    for (;;) {
      try {
        if (!this.lifecycles) {
          this.lifecycles = lifecyclesOf(await this.loader.load(this.remote, this.exposed));
          this.bootstrapped = false;
        }
        if (generation !== this.generation) return; // unmounted while loading
        this.clearPlaceholder();
        if (serverView && this.loader.variantOf(this.remote)?.id !== serverView.variant) {
          // Another build than the server's loaded (the assigned one failed): it renders afresh.
          serverView.host.replaceChildren();
          serverView = { ...serverView, data: {}, fresh: true };
        }
        if (serverView) {
          this.host = serverView.host;
        } else {
          this.host = document.createElement('div');
          this.host.className = 'remote-host';
          element.append(this.host);
        }
        this.crashedWhileMounting = false;
        this.mountedProps = null;
        const mountProps = {
          ...props,
          domElement: this.host,
          name: `${this.remote}${this.exposed.slice(1)}`,
          ...(serverView && !serverView.fresh ? { hydrate: true, pageData: serverView.data } : {}),
          // The module's error boundary (single-spa-react) caught a render error: the fallback takes its place.
          onRenderError: () => {
            if (generation !== this.generation) return;
            if (this.mountedProps === null) this.crashedWhileMounting = true;
            else void this.renderFailed(element, props);
          },
        };
        if (this.variant === 'widget') {
          this.parcel = mountRootParcel(this.lifecycles as never, mountProps);
          await this.parcel.mountPromise;
        } else {
          if (!this.bootstrapped) {
            await runLifecycle(this.lifecycles.bootstrap, mountProps);
            this.bootstrapped = true;
          }
          await runLifecycle(this.lifecycles.mount, mountProps);
        }
        this.mountedProps = mountProps;
        pageSignals()?.loaded(this.remote, this.loader.variantOf(this.remote));
        element.removeAttribute('aria-busy');
        if (this.crashedWhileMounting) return this.renderFailed(element, props);
        this.failuresInARow = 0;
        this.failed = false;
        return;
      } catch (error) {
        console.error(`[shell] ${this.remote}${this.exposed.slice(1)} failed`, error);
        pageSignals()?.mountFailed(this.remote, this.loader.lastTried(this.remote));
        this.parcel = null;
        const loadedButBroken = this.lifecycles !== null;
        this.lifecycles = null;
        if (serverView && loadedButBroken) {
          // A hydration that threw may have left the server's HTML half-taken: render anew instead.
          serverView = null;
        }
        if (serverView) {
          // The server's HTML stays readable; unmounting the region removes it.
          this.host = serverView.host;
        } else {
          this.host?.remove();
          this.host = null;
        }
        if (generation !== this.generation) return;
        if (loadedButBroken && this.loader.markBroken(this.remote)) continue;
        this.failed = true;
        if (serverView && this.variant === 'widget') return; // the server's HTML stays; it works without code
        this.showPlaceholder(element, 'failed', props, serverView);
        this.failuresInARow += 1;
        // The first failure shows the fallback with its retry; a retry that fails too gives up on the region.
        if (this.variant === 'region' && this.failuresInARow >= 2) this.onFailedTwice?.();
        return;
      }
    }
  }

  /**
   * A render of the mounted module threw (its boundary showed the module's own message): the
   * module goes and the region's fallback, with its retry, takes its place — counted as a failure
   * like a module that could not load.
   */
  private async renderFailed(element: HTMLElement, props: Record<string, unknown>): Promise<void> {
    this.crashedWhileMounting = false;
    pageSignals()?.mountFailed(this.remote, this.loader.lastTried(this.remote));
    await this.unmount();
    this.failed = true;
    this.showPlaceholder(element, 'failed', props, null);
    this.failuresInARow += 1;
    if (this.variant === 'region' && this.failuresInARow >= 2) this.onFailedTwice?.();
  }

  async unmount(): Promise<void> {
    this.generation += 1;
    this.clearPlaceholder();
    if (this.lifecycles && this.mountedProps) {
      try {
        if (this.parcel) await this.parcel.unmount();
        else await runLifecycle(this.lifecycles.unmount, this.mountedProps);
      } catch (error) {
        console.error(`[shell] ${this.remote} failed to unmount`, error);
      }
    }
    this.mountedProps = null;
    this.parcel = null;
    this.host?.remove();
    this.host = null;
  }

  private showPlaceholder(element: HTMLElement, state: 'loading' | 'failed', props: Record<string, unknown> = {}, serverView: ServerView | null = null): void {
    this.clearPlaceholder();
    const holder = document.createElement('div');
    holder.className = 'remote-placeholder';
    // Above the server's HTML, which stays readable; otherwise the region's only content.
    element.prepend(holder);
    if (state === 'loading') {
      // A skeleton is markup only: no React root for it (each one would be a render of its own).
      element.setAttribute('aria-busy', 'true');
      holder.innerHTML = loadingMarkup(this.variant);
      this.placeholder = { root: null, holder };
    } else {
      const root = createRoot(holder);
      this.placeholder = { root, holder };
      element.removeAttribute('aria-busy');
      const retry = () => {
        this.loader.reset(this.remote);
        void this.attempt(element, props, serverView?.host.isConnected ? serverView : null);
      };
      root.render(<RegionFallback remote={this.remote} exposed={this.exposed} variant={this.variant} onRetry={retry} inline={serverView !== null} />);
    }
  }

  private clearPlaceholder(): void {
    if (!this.placeholder) return;
    const { root, holder } = this.placeholder;
    this.placeholder = null;
    root?.unmount();
    holder.remove();
  }
}
