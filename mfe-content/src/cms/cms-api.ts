import type { CmsBlock, CmsPage } from '@kaloryfer/domain';
import { apiJson } from '@kaloryfer/ui';

/**
 * The CMS calls of spec §7 (api/src/routes/catalog/content-routes.ts): a page by identifier,
 * its place in the hierarchy, blocks by a like filter. Their HTML arrives sanitised by the API.
 */
export interface CmsLink { identifier: string; title: string }
export interface CmsHierarchy {
  page: CmsLink;
  /** From the top down to the page's parent: the breadcrumbs. */
  parents: CmsLink[];
  /** The pages beside it (itself included), in position order. */
  siblings: CmsLink[];
  children: CmsLink[];
}

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

export async function cmsHierarchy(identifier: string, signal?: AbortSignal): Promise<CmsHierarchy> {
  const { result } = await apiJson<{ result: CmsHierarchy }>(`/api/cms/hierarchy/${encodeURIComponent(identifier)}`, { signal });
  return result;
}

/** Active blocks whose identifier is like `like` (the API's default size, 150). */
export async function cmsBlocks(like: string, signal?: AbortSignal): Promise<CmsBlock[]> {
  const { result } = await apiJson<{ result: { items: CmsBlock[] } }>(`/api/cms/blocks?${new URLSearchParams({ like })}`, { signal });
  return result.items;
}
