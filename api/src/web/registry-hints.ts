import { escapeHtml, scriptJson } from './html';

/**
 * The registry in the page itself, and what the browser may start fetching before the shell's
 * JavaScript runs. Without it a first visit waits for: the shell's script → the registry →
 * each remote's manifest on a new connection → its entry and chunks. With it, the registry is
 * already there, connections to the remote origins open while the shell downloads, and the
 * manifests of the single-build remotes (the header, footer and most pages need them) are
 * fetched in parallel. A/B remotes are left to the shell: the variant is chosen in the browser.
 */
interface RegistryBuild {
  entry?: unknown;
}

interface RegistryRemote extends RegistryBuild {
  variants?: Record<string, RegistryBuild>;
}


const httpUrl = (value: unknown): URL | null => {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/** The head elements for a registry (its JSON text as published); empty when it is unreadable. */
export function registryHints(registryJson: string): string {
  let registry: { remotes?: Record<string, RegistryRemote> };
  try {
    registry = JSON.parse(registryJson);
  } catch {
    return '';
  }
  const remotes = Object.values(registry.remotes ?? {});
  const origins = new Set<string>();
  const manifests: string[] = [];
  for (const remote of remotes) {
    const single = httpUrl(remote.entry);
    if (single) {
      origins.add(single.origin);
      manifests.push(single.href);
      continue;
    }
    for (const variant of Object.values(remote.variants ?? {})) {
      const url = httpUrl(variant.entry);
      if (url) origins.add(url.origin);
    }
  }
  return [
    `<script id="mfe-registry" type="application/json">${scriptJson(registry)}</script>`,
    ...[...origins].map((origin) => `<link rel="preconnect" href="${escapeHtml(origin)}" crossorigin />`),
    ...manifests.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin />`),
  ].join('\n    ');
}
