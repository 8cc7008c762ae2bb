import type { CmsBlock, CmsBlockPage, CmsHierarchy, CmsPage } from '@kaloryfer/api-contract';
import { apiJson } from '@kaloryfer/ui';

/**
 * The CMS calls of spec §7 (api/src/content/content-routes.ts): a page by identifier,
 * its place in the hierarchy, blocks by a like filter. Their HTML arrives sanitised by the API.
 * Their answers are the contract's (CmsPage, CmsHierarchy, CmsBlockPage).
 */

/** The shop's information pages hang under this page; the footer lists its children. */
export const CMS_ROOT = 'informacje';
/** The footer's blocks (footer-contact, footer-newsletter): one request for the footer. */
export const FOOTER_BLOCKS = 'footer-';

export const cmsPageKey = (identifier: string) => `cms-page:${identifier}`;
export const cmsHierarchyKey = (identifier: string) => `cms-hierarchy:${identifier}`;
export const cmsBlocksKey = (like: string) => `cms-blocks:${like}`;

export async function cmsPage(identifier: string, signal?: AbortSignal): Promise<CmsPage> {
  const { result } = await apiJson<{ result: CmsPage }>(`/api/cms/page/${encodeURIComponent(identifier)}`, { signal });
  return result;
}

/**
 * The hierarchy and the blocks are the footer's data on every page: remembered for a minute, in
 * the page server's render thread (each page's footer would otherwise ask the API twice, and a
 * footer render that misses its budget is rendered in the browser with its code) and in the
 * browser for the page's life. Failures are not remembered; a shared answer ignores the caller's
 * abort signal (another caller may still want it).
 */
const REMEMBER_MS = 60_000;
const remembered = new Map<string, { at: number; value: Promise<unknown> }>();
function rememberFor<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = remembered.get(key);
  if (hit && Date.now() - hit.at < REMEMBER_MS) return hit.value as Promise<T>;
  const value = load();
  remembered.set(key, { at: Date.now(), value });
  value.catch(() => remembered.delete(key));
  return value;
}
/** Tests start each case with nothing remembered. */
export const forgetCmsAnswers = () => remembered.clear();

export function cmsHierarchy(identifier: string): Promise<CmsHierarchy> {
  return rememberFor(cmsHierarchyKey(identifier), async () => {
    const { result } = await apiJson<{ result: CmsHierarchy }>(`/api/cms/hierarchy/${encodeURIComponent(identifier)}`);
    return result;
  });
}

/** Active blocks whose identifier is like `like` (the API's default size, 150). */
export function cmsBlocks(like: string): Promise<CmsBlock[]> {
  return rememberFor(cmsBlocksKey(like), async () => {
    const { result } = await apiJson<{ result: CmsBlockPage }>(`/api/cms/blocks?${new URLSearchParams({ like })}`);
    return result.items;
  });
}
