import type { PageDataEntry, RemoteName } from '@kaloryfer/contracts';
import type { Assignment } from '../registry/ab-assignment';

/**
 * The one state handoff from the page server to the browser (docs/rendering.md): a JSON script
 * `<script type="application/json" id="kf-state">` in every page. The browser boots from it
 * alone — no registry fetch, no A/B draw, no data request before the first paint.
 */
export const PAGE_STATE_ID = 'kf-state';

/** A region's first view, as the server left it. */
export interface RegionState {
  /** The remote's server build rendered it; false: a fallback the browser renders itself. */
  rendered: boolean;
  /** Which variant of the remote rendered it: only that build may hydrate it. */
  variant: string;
  /** The values the HTML was rendered from (the hydrating render reads them, no refetch). */
  data: Record<string, PageDataEntry>;
  /** False: the HTML is complete, the browser loads no code for it. */
  interactive: boolean;
}

export interface PageState {
  /** The language the HTML is written in; the browser speaks it too. */
  language: string;
  /** The year of the footer's legal line, as the server wrote it. */
  year: number;
  /**
   * The registry as this page pins it, in the registry file's shape: each remote's assigned
   * build and its control, with `entry` pointing at the build's remoteEntry.js.
   */
  registry: { timeoutMs: number; remotes: Record<string, unknown> };
  assignments: Assignment[];
  /** Where the shopper is shown to be (a not-found page moves to /page-not-found?nf=…), else null. */
  location: string | null;
  /** Keyed `catalog ./app`, `content ./Footer`: remote and exposed module. */
  regions: Record<string, RegionState>;
  /** The page-view token the page server minted for this page: its signals beacon counts only with it. */
  pageView?: string;
}

export const regionKey = (remote: RemoteName, module: string) => `${remote} ${module}`;

/** The page's state, or null when the page has none or it is unreadable (the shell then boots the slow way). */
export function readPageState(doc: Document = document): PageState | null {
  const text = doc.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch (error) {
    console.error('[shell] the page state is unreadable', error);
    return null;
  }
}
