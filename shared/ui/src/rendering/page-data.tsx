import type { PageDataEntry } from '@kaloryfer/contracts';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiFailure, isAbort } from '../api-json';

export type AsyncState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: Error };

type Load<T> = (signal: AbortSignal) => Promise<T>;

/**
 * The values a region's first view is rendered from, by key ('categories', 'product-KF-…').
 *
 * On the server a render asks for keys it has no value for; `renderRegion` loads them and
 * renders again until nothing is missing, then hands the entries to the page (kf-state). In
 * the browser the region hydrates with the same entries, so the first render equals the
 * server's and nothing is fetched again. Entries serve the first view only: once the region
 * has hydrated (`close()`), a hook that mounts later loads afresh.
 */
export class PageData {
  private readonly entries: Map<string, PageDataEntry>;
  private readonly wanted = new Map<string, Load<unknown>>();
  private readonly read = new Set<string>();
  private open = true;

  constructor(
    entries: Record<string, PageDataEntry> = {},
    private readonly collecting = false,
  ) {
    this.entries = new Map(Object.entries(entries));
  }

  /** The entry for a key, if the first view has one. */
  take(key: string): PageDataEntry | undefined {
    if (!this.open) return undefined;
    const entry = this.entries.get(key);
    if (entry) this.read.add(key);
    return entry;
  }

  /** Server: remembers that the render needs `key` (the first loader for a key wins). */
  want(key: string, load: Load<unknown>): void {
    if (this.collecting && !this.wanted.has(key)) this.wanted.set(key, load);
  }

  /** Server: the loads the last render asked for, cleared. */
  takeWanted(): [string, Load<unknown>][] {
    const wanted = [...this.wanted];
    this.wanted.clear();
    return wanted;
  }

  /** An entry without counting it as used by the render (for the head). */
  peek(key: string): PageDataEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: PageDataEntry): void {
    this.entries.set(key, entry);
  }

  /** The entries the render actually used: what the page hands to the browser. */
  used(): Record<string, PageDataEntry> {
    return Object.fromEntries([...this.read].map((key) => [key, this.entries.get(key)!]));
  }

  /**
   * The first view's entries, still open, for a part that hydrates after the region does (an
   * island, island.tsx): it must render what the server rendered, after `close()`.
   */
  forLaterHydration(): PageData {
    return new PageData(Object.fromEntries(this.entries));
  }

  /** After hydration: later mounts load their own data. */
  close(): void {
    this.open = false;
  }
}

export const PageDataContext = createContext<PageData | null>(null);

export function PageDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

function stateOf<T>(entry: PageDataEntry): AsyncState<T> {
  if ('value' in entry) return { status: 'ready', value: entry.value as T };
  return { status: 'error', error: new ApiFailure(entry.error.status, entry.error.message) };
}

/**
 * Runs `load` whenever `key` changes, aborting the previous run, so a slow answer for an
 * old key never overwrites a newer one. The first view takes its value from the page's data
 * (server render and hydration) instead of loading.
 */
export function usePageData<T>(key: string, load: Load<T>): AsyncState<T> {
  const pageData = useContext(PageDataContext);
  const [state, setState] = useState<AsyncState<T>>(() => {
    const entry = pageData?.take(key);
    if (entry) return stateOf<T>(entry);
    pageData?.want(key, load);
    return { status: 'loading' };
  });
  // The key the current state already answers (from the page's data): no load for it.
  const answered = useRef<string | null>(state.status === 'loading' ? null : key);
  useEffect(() => {
    if (answered.current === key) {
      answered.current = null;
      return undefined;
    }
    answered.current = null;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        if (!isAbort(error) && !controller.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for load's inputs
  }, [key]);
  return state;
}

/** A failed load as the page hands it over: the status and the server's message. */
export function failureEntry(error: unknown): PageDataEntry {
  if (error instanceof ApiFailure) return { error: { status: error.status, message: error.message } };
  return { error: { status: 500, message: error instanceof Error ? error.message : String(error) } };
}
