import { escapeHtml, scriptJson } from '@kaloryfer/domain';
import type { RegionResult, RemoteName } from '@kaloryfer/contracts';
import { loadingMarkup } from '../src/layout/region-fallback';
import { regionKey, type PageState } from '../src/state/page-state';
import { HOLD_EARLY_SUBMITS } from './early-submit';
import { encodedFor, styleText, type PagePart } from './html';
import type { ResolvedBuild } from './registry-snapshot';

// The parts of a page's HTML the page server writes around the regions' own: each region in its
// host, the page state script, inlined styles, the start script, the LCP picture — each made once
// per render or build where a cached render serves many pages.

export interface RenderedRegion {
  remote: RemoteName;
  module: string;
  build: ResolvedBuild | null;
  result: RegionResult | null;
}

/** A region the server could not render: the browser's skeleton, marked for the browser to replace. */
const SKELETON = loadingMarkup('region').replace('<div class="region-loading"', '<div class="region-loading" data-csr');

export function regionHtml(region: RenderedRegion): PagePart {
  if (!region.result) return region.module === './app' ? SKELETON : '';
  const { result } = region;
  return encodedFor(
    hostHtml,
    result,
    () => `<div class="remote-host" data-ssr="${escapeHtml(`${region.remote} ${region.build?.variant.version ?? ''}`)}">${result.html}</div>`,
  );
}

/** A region result's HTML in its host element, encoded once per result (a cached render serves many pages). */
const hostHtml = new WeakMap<RegionResult, Buffer>();

/** A region result's data as page JSON, made once per result (a cached render serves many pages). */
const dataJson = new WeakMap<RegionResult, Buffer>();
const regionDataJson = (result: RegionResult): Buffer => encodedFor(dataJson, result, () => scriptJson(result.data));

/** The page state as its script's text: the regions' data spliced in as made once per render. */
export function stateJson(state: Omit<PageState, 'regions'>, regions: RenderedRegion[]): PagePart[] {
  const parts: PagePart[] = [`${scriptJson(state).slice(0, -1)},"regions":{`];
  regions
    .filter((region) => region.build)
    .forEach((region, index) => {
      const { result } = region;
      const head = scriptJson({ rendered: result !== null, variant: region.build!.variant.id, interactive: result?.interactive ?? true });
      parts.push(`${index > 0 ? ',' : ''}${scriptJson(regionKey(region.remote, region.module))}:${head.slice(0, -1)},"data":`);
      parts.push(result ? regionDataJson(result) : '{}', '}');
    });
  parts.push('}}');
  return parts;
}

/** The shell's stylesheet text and its closing tag, encoded once per text (the same string while the shell build is). */
let shellStyles: { css: string; text: Buffer } | null = null;
export function styleElementText(css: string): Buffer {
  if (shellStyles?.css !== css) shellStyles = { css, text: Buffer.from(`${styleText(css)}</style>`, 'utf8') };
  return shellStyles.text;
}

/** A region's stylesheets (its exposed module's, sync and async) as one <style>'s text and closing tag, made once per build and module. */
const builtStyles = new WeakMap<ResolvedBuild['assets'], Map<string, Promise<Buffer | null>>>();
export function regionStyles(build: ResolvedBuild, module: string, css: (url: string) => Promise<string>): Promise<Buffer | null> {
  let byModule = builtStyles.get(build.assets);
  if (!byModule) builtStyles.set(build.assets, (byModule = new Map()));
  let styles = byModule.get(module);
  if (!styles) {
    const files = build.assets.exposes[module]?.css ?? [];
    styles = Promise.all(files.map((file) => css(file))).then((texts) => {
      // A stylesheet that could not be read (an empty text) is asked for again by the next page.
      if (texts.some((text) => !text)) byModule.delete(module);
      const text = texts.filter(Boolean).join('\n');
      return text ? Buffer.from(`${styleText(text)}</style>`, 'utf8') : null;
    });
    byModule.set(module, styles);
  }
  return styles;
}

/**
 * The page's one inline script. The shell's scripts start once the page has been painted: they
 * download at once (preloaded) but run after the first frame, so a phone shows the server's HTML
 * before it spends a moment of its CPU on code (a deferred script that has arrived runs before the
 * first paint). Until then a press on a form is held (early-submit.ts).
 */
export function startAfterFirstPaint(scripts: string[], nonce: string): string {
  const start = `requestAnimationFrame(function(){setTimeout(function(){${JSON.stringify(scripts).replace(/</g, '\\u003c')}.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.body.appendChild(s)})},0)})`;
  return `<script nonce="${escapeHtml(nonce)}">${HOLD_EARLY_SUBMITS}${start}</script>`;
}

/** A region result's LCP picture, looked for once per result (a cached render serves many pages). */
const lcpImages = new WeakMap<RegionResult, string | null>();
export function lcpImageOfResult(result: RegionResult): string | null {
  if (!lcpImages.has(result)) lcpImages.set(result, lcpImageOf(result.html));
  return lcpImages.get(result)!;
}

/** The first <img fetchpriority="high"> of a region: its largest paint, preloaded from <head>. */
function lcpImageOf(html: string): string | null {
  const tag = /<img\b[^>]*\bfetchPriority="high"[^>]*>|<img\b[^>]*\bfetchpriority="high"[^>]*>/.exec(html)?.[0];
  return tag ? (/\bsrc="([^"]+)"/.exec(tag)?.[1] ?? null) : null;
}
