import type { CmsBlock, CmsBlockPage } from '@kaloryfer/api-contract';
import { apiJson } from '@kaloryfer/ui';

/**
 * The CMS blocks the catalogue shows (spec §7's like filter): the home page's USPs and a product
 * page's delivery and returns info, one request per page. Written here, not imported from the
 * content remote: remotes never import each other. These blocks' content is plain text — render
 * it as text, never as HTML.
 */
export const HOME_USP_BLOCKS = 'home-usp';
export const PRODUCT_INFO_BLOCKS = 'product-';

function fetchBlocks(like: string, signal?: AbortSignal): Promise<CmsBlock[]> {
  return apiJson<{ result: CmsBlockPage }>(`/api/cms/blocks?${new URLSearchParams({ like })}`, { signal }).then(({ result }) => result.items);
}

/**
 * In the browser an answer is kept for the page load, by pattern, so a page mounted again after
 * hydration (back to the home page, the next product) asks nothing; a failure is not kept. The
 * kept request has no signal: one mount's abort must not fail the others sharing it (usePageData
 * ignores an answer it no longer wants). A server render asks per request: one process lives
 * through CMS changes.
 */
const kept = new Map<string, Promise<CmsBlock[]>>();

export function cmsBlocks(like: string, signal?: AbortSignal): Promise<CmsBlock[]> {
  if (!globalThis.document) return fetchBlocks(like, signal);
  let blocks = kept.get(like);
  if (!blocks) {
    blocks = fetchBlocks(like).catch((error: unknown) => {
      kept.delete(like);
      throw error;
    });
    kept.set(like, blocks);
  }
  return blocks;
}
