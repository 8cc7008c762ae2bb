import { shopRemotes } from '@kaloryfer/contracts';
import { parseRegistry, type Registry } from './registry';

/** An empty registry: every region shows its fallback, the header and navigation still work. */
const EMPTY: Registry = { timeoutMs: 8000, remotes: {}, shop: shopRemotes() };

/**
 * The published registry, for a page without a readable state script (a page cached from before
 * server rendering). The browser registers a build by its entry script: the registry names the
 * manifest, and the build config writes remoteEntry.js beside it.
 */
export async function fetchRegistry(url = '/mfe-registry.json'): Promise<Registry> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const registry = parseRegistry(await response.json());
    for (const entry of Object.values(registry.remotes)) {
      for (const variant of entry?.variants ?? []) variant.entry = variant.entry.replace(/mf-manifest\.json$/, 'remoteEntry.js');
    }
    return registry;
  } catch (error) {
    console.error('[shell] remote registry unavailable', error);
    return EMPTY;
  }
}

export function readCookie(name: string): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : null;
}

export function writeCookie(name: string, value: string, days = 180): void {
  if (!value) return;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86400}; SameSite=Lax`;
}
