import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { Registry } from './registry';

/** Where an entry is, as the runtime asks for it (absolute, without the retry query the loader adds). */
const keyOf = (url: string) => {
  const absolute = new URL(url, document.baseURI);
  return `${absolute.origin}${absolute.pathname}`;
};

/** Each registered build's remoteEntry.js and the Subresource Integrity hash the registry recorded for it. */
export function entryIntegrities(registry: Registry): Map<string, string> {
  const integrities = new Map<string, string>();
  for (const entry of Object.values(registry.remotes)) {
    for (const variant of entry?.variants ?? []) if (variant.integrity) integrities.set(keyOf(variant.entry), variant.integrity);
  }
  return integrities;
}

/**
 * A Module Federation runtime plugin (docs/releasing.md, "Integrity"): the <script> that loads a
 * remote's entry carries the integrity hash the registry recorded when the build was published
 * (`integrity`, with `crossorigin="anonymous"`, as the page's preload of it). A file changed on
 * its origin or a CDN after publishing is refused by the browser: the load fails, and the region
 * falls back as it does when a remote is down. The entry names its chunks' hashes in turn
 * (shared/mfe-build), so what it loads is checked the same way.
 */
export function entryIntegrityPlugin(integrities: Map<string, string>): ModuleFederationRuntimePlugin {
  return {
    name: 'kaloryfer-entry-integrity',
    createScript({ url }) {
      const integrity = integrities.get(keyOf(url));
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return script;
    },
  };
}
