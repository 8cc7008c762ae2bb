/** The parts of a build's mf-manifest.json the worker reads. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/**
 * Every file a page may ask of a build (docs/offline.md, "A first visit offline"): its entry and
 * each exposed module's scripts and stylesheets, the ones loaded on demand too — a header
 * widget first pressed offline, a route's page, the words of every language. Absolute URLs,
 * each once, resolved against the build's folder as the entry resolves them (publicPath 'auto').
 */
export function buildFilesOf(folder: string, manifest: RemoteManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const files = new Set<string>([`${entry?.path ? `${entry.path.replace(/^\/+|\/+$/g, '')}/` : ''}${entry?.name ?? 'remoteEntry.js'}`]);
  for (const expose of manifest.exposes ?? []) {
    for (const list of [expose.assets?.js?.sync, expose.assets?.js?.async, expose.assets?.css?.sync, expose.assets?.css?.async]) {
      for (const file of list ?? []) files.add(file);
    }
  }
  return [...files].map((file) => new URL(file, folder).href);
}
