import { escapeHtml } from '@kaloryfer/domain';
import type { ResolvedBuild } from './registry-snapshot';

/** A script the page asks for early, with the integrity and CORS mode the remote's runtime will load it with. */
export interface ScriptHint {
  src: string;
  integrity: string | null;
}

/**
 * The scripts a region's first view needs besides the remote's entry (docs/rendering.md,
 * "Route-level code"): the exposed module's chunks, the remote's dictionary in the page's
 * language, then the chunks of the route pages its server render drew — from the build's
 * route-chunks.json. Hinted from the page's head, they
 * download beside the entry instead of one after the other (entry → app chunk → page chunk).
 * Nothing for a build without the file.
 */
export function routeScriptsOf(build: ResolvedBuild, module: string, language: string, pages: readonly string[] = []): ScriptHint[] {
  const chunks = build.assets.routeChunks;
  if (!chunks) return [];
  const files = new Set([...(chunks.exposes[module] ?? []), ...(chunks.dictionaries[language] ?? []), ...pages.flatMap((page) => chunks.pages[page] ?? [])]);
  return [...files].map((src) => ({ src, integrity: chunks.integrity[src] ?? null }));
}

export function scriptPreload({ src, integrity }: ScriptHint): string {
  return integrity
    ? `<link rel="preload" href="${escapeHtml(src)}" as="script" integrity="${escapeHtml(integrity)}" crossorigin="anonymous">`
    : `<link rel="preload" href="${escapeHtml(src)}" as="script">`;
}

/**
 * The stylesheets the page inlined, told to the remote's runtime: rspack's CSS loading looks for
 * a `<link rel="stylesheet">` marked with its container and chunk before it fetches a chunk's
 * stylesheet, and takes one it finds as loaded. Without an href these marks fetch nothing, so
 * the browser never downloads again what the page already carries.
 */
export function inlinedStylesheetMarks(build: ResolvedBuild, stylesheets: readonly string[]): string[] {
  const chunks = build.assets.routeChunks;
  if (!chunks) return [];
  const ids = new Set(stylesheets.map((file) => chunks.cssChunks[file]).filter((id): id is string => id !== undefined));
  return [...ids].map((id) => `<link rel="stylesheet" data-rspack="${escapeHtml(`${chunks.container}:chunk-${id}`)}">`);
}
