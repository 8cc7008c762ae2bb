import type { AdviceArticleView, AdviceList } from '@kaloryfer/api-contract';
import { apiJson, CARD_FIELDS, type CardProduct } from '@kaloryfer/ui';
import { searchListedProducts } from '../common/product-search';
import { ADVICE_PAGE_SIZE } from '@kaloryfer/domain';
import type { AdviceQuery } from './advice-query';

/*
 * What /api/advice and /api/advice/{slug} answer (api/src/content/content-routes.ts) is
 * the contract's AdviceList and AdviceArticleView.
 */

/** A list page as shown: `topic` is the topic applied (null when none was asked or it is unknown). */
export type AdviceListView = AdviceList & { topic: string | null };

/** The category of an article's related products. */
export type RelatedCategory = NonNullable<AdviceArticleView['category']>;

export type RelatedProduct = CardProduct;

/** Products the rail of an article shows. */
export const RELATED_PRODUCTS = 4;

export const adviceListKey = ({ topic, page }: AdviceQuery) => `advice-list:${topic ?? ''}:${page}`;
export const adviceArticleKey = (slug: string) => `advice-article:${slug}`;
export const relatedProductsKey = (categoryId: number) => `advice-products:${categoryId}`;

async function listPage(topic: string | null, page: number, signal?: AbortSignal): Promise<AdviceList> {
  const params = new URLSearchParams({ from: String((page - 1) * ADVICE_PAGE_SIZE), size: String(ADVICE_PAGE_SIZE) });
  if (topic) params.set('topic', topic);
  const { result } = await apiJson<{ result: AdviceList }>(`/api/advice?${params}`, { signal });
  return result;
}

/** A page of articles; a topic the shop does not have shows every article instead. */
export async function adviceList({ topic, page }: AdviceQuery, signal?: AbortSignal): Promise<AdviceListView> {
  const answer = await listPage(topic, page, signal);
  if (topic && !answer.topics.some((known) => known.topic === topic)) return { ...(await listPage(null, page, signal)), topic: null };
  return { ...answer, topic };
}

export async function adviceArticle(slug: string, signal?: AbortSignal): Promise<AdviceArticleView> {
  const { result } = await apiJson<{ result: AdviceArticleView }>(`/api/advice/${encodeURIComponent(slug)}`, { signal });
  return result;
}

/** The most viewed listed products of a category: one catalogue search (spec §7). */
export function relatedProducts(categoryId: number, signal?: AbortSignal): Promise<RelatedProduct[]> {
  return searchListedProducts(
    {
      filters: [{ attribute: 'category_ids', value: { in: [categoryId] } }],
      size: RELATED_PRODUCTS,
      sort: 'view_count:desc',
      fields: CARD_FIELDS,
    },
    signal,
  );
}
