import type { CmsBlock, CmsBlockPage } from '@kaloryfer/api-contract';
import { apiJson, usePageData } from '@kaloryfer/ui';

/**
 * The CMS's `checkout-terms` block, shown beside the terms checkbox (spec §7's like filter, one
 * request for the page). Written here, not imported from the content remote: remotes never import
 * each other. Its content is plain text — rendered as text, never as HTML.
 */
export const CHECKOUT_BLOCKS = 'checkout-';
export const CHECKOUT_BLOCKS_KEY = `cms-blocks:${CHECKOUT_BLOCKS}`;

function fetchBlocks(signal?: AbortSignal): Promise<CmsBlock[]> {
  return apiJson<{ result: CmsBlockPage }>(`/api/cms/blocks?${new URLSearchParams({ like: CHECKOUT_BLOCKS })}`, { signal }).then(({ result }) => result.items);
}

/**
 * In the browser the answer is kept for the page load (a checkout mounted again asks nothing; a
 * failure is not kept), without a signal so one mount's abort never fails another's. A server
 * render asks per request.
 */
let kept: Promise<CmsBlock[]> | null = null;

function checkoutBlocks(signal?: AbortSignal): Promise<CmsBlock[]> {
  if (!globalThis.document) return fetchBlocks(signal);
  kept ??= fetchBlocks().catch((error: unknown) => {
    kept = null;
    throw error;
  });
  return kept;
}

/**
 * The terms block's text, or null (loading, failed, none). The checkout page asks for it in its
 * first render — the only one the server renders, as the cart lives in the browser — so it comes
 * with the page's data and the review step shows it without a request.
 */
export function useTermsNote(): string | null {
  const blocks = usePageData(CHECKOUT_BLOCKS_KEY, checkoutBlocks);
  if (blocks.status !== 'ready') return null;
  return blocks.value.find((block) => block.identifier === 'checkout-terms')?.content || null;
}
