import { parseRegistry, type Registry, type RemoteBuild } from '../registry/registry';

/**
 * A page the service worker answered from its own copy (a repeat visit within FRESH_PAGE_MS:
 * docs/offline.md, "Repeat visits"). Such a page pins the builds of the visit it was stored on;
 * before any remote's code runs, the shell asks the registry whether those builds are still the
 * ones to run and whether the page speaks the shopper's language now. If not, the copy is
 * dropped and the page loaded from the server: a release, a rollback or a language switch is
 * never hidden by a stored page. Whether a page is such a copy: storedPageTime
 * (stored-page-time.ts, in the shell's first bundle); this module loads only for one that is.
 */

/** One build: its folder (where its files are), version and id (or, for an older page, its publishing time). */
const buildKey = (build: RemoteBuild) => [build.entry.replace(/[^/]*$/, ''), build.version, build.build ?? build.publishedAt ?? ''].join('|');

/**
 * Whether a build the page pins is no longer what the registry names for that remote and
 * variant (a release, a rollback, a variant removed). A variant the page does not pin (another
 * A/B arm, a remote it does not use) does not matter to it.
 */
export function pinnedBuildsOutdated(pinned: Registry, current: Registry): boolean {
  for (const [remote, entry] of Object.entries(pinned.remotes)) {
    const now = current.remotes[remote as keyof Registry['remotes']];
    for (const variant of entry?.variants ?? []) {
      const same = now?.variants.find((candidate) => candidate.id === variant.id);
      if (!same || buildKey(same) !== buildKey(variant)) return true;
    }
  }
  return false;
}

export interface StoredPageFacts {
  /** The page state's registry and language. */
  pinned: { registry: unknown; language: string };
  /** The language the page's address names (`?lang=`, an `/en/` route), else the one the shopper chose (its cookie), if any. */
  chosenLanguage: string | null;
  /** The published registry now; rejects (or null) when it cannot be read. */
  readRegistry: () => Promise<unknown>;
}

/**
 * 'outdated': drop the copy and load the page from the server. 'current': go on with it — also
 * when the registry cannot be read (offline: the copy is what there is).
 */
export async function checkStoredPage({ pinned, chosenLanguage, readRegistry }: StoredPageFacts): Promise<'current' | 'outdated'> {
  if (chosenLanguage && chosenLanguage !== pinned.language) return 'outdated';
  let current: Registry;
  try {
    current = parseRegistry(await readRegistry());
  } catch {
    return 'current';
  }
  try {
    return pinnedBuildsOutdated(parseRegistry(pinned.registry), current) ? 'outdated' : 'current';
  } catch {
    return 'outdated'; // a copy whose state names no usable builds: the server's page instead
  }
}

/** The published registry, as the browser may read it (through the worker: network first, its copy offline). */
export async function readPublishedRegistry(url = '/mfe-registry.json'): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** Removes this address from the worker's page caches, so the next load of it asks the server. */
export async function dropStoredPage(url: string, storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  for (const name of await storage.keys()) {
    if (name.startsWith('kf-pages-')) await (await storage.open(name)).delete(url, { ignoreVary: true });
  }
}
