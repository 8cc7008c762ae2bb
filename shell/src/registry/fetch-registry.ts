import { parseRegistry, type Registry } from './registry';

/** An empty registry: every region shows its fallback, the header and navigation still work. */
const EMPTY: Registry = { timeoutMs: 8000, remotes: {} };

/**
 * The registry the server put into the page (`<script id="mfe-registry">`, saving a round trip
 * on the first visit), else the published file.
 */
export async function fetchRegistry(url = '/mfe-registry.json'): Promise<Registry> {
  const inline = document.getElementById('mfe-registry')?.textContent;
  if (inline) {
    try {
      return parseRegistry(JSON.parse(inline));
    } catch (error) {
      console.error('[shell] the registry in the page is unreadable, fetching it', error);
    }
  }
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRegistry(await response.json());
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
