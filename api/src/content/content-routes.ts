import { AdviceArticleBySlug, AdviceListRead, CmsBlocks, CmsHierarchyRead, CmsPageByIdentifier } from '@kaloryfer/api-contract';
import { cmsHierarchyOf } from '@kaloryfer/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog';
import { ApiError, sendResult } from '../http/envelope';
import { parseSearch, SearchQueryError } from '../search';

export const EMPTY_CMS = 'CMS query returned empty result';

/** The search for blocks like a pattern; a pattern the search refuses is the caller's 400, not a 500. */
function blocksSearch(like: string, from: number, size: number) {
  try {
    return parseSearch({
      type: 'cms_block',
      query: {
        _appliedFilters: [
          { attribute: 'identifier', value: { like } },
          { attribute: 'active', value: { eq: true } },
        ],
      },
      from,
      size,
    });
  } catch (error) {
    if (error instanceof SearchQueryError) throw new ApiError(400, error.message);
    throw error;
  }
}

/**
 * CMS pages and blocks (spec §7: page by identifier, blocks by a like filter with size 150 and
 * at most 500, the hierarchy of a page) and the advice articles of /porady.
 */
export async function contentRoutes(app: FastifyInstance, { catalog }: { catalog: Catalog }) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  typed.get('/api/cms/page/:identifier', { config: { cache: 'catalog' }, schema: CmsPageByIdentifier }, async (request, reply) => {
    const page = catalog.cmsPages.find((candidate) => candidate.identifier === request.params.identifier && candidate.active);
    if (!page) throw new ApiError(404, EMPTY_CMS);
    return sendResult(reply, page);
  });

  typed.get('/api/cms/blocks', { config: { cache: 'catalog' }, schema: CmsBlocks }, async (request, reply) => {
    const { like, size = 150, from = 0 } = request.query;
    const result = await catalog.engine.search(blocksSearch(like, from, size));
    return sendResult(reply, { items: result.items, total: result.total, start: result.start, perPage: result.perPage });
  });

  typed.get('/api/cms/hierarchy/:identifier', { config: { cache: 'catalog' }, schema: CmsHierarchyRead }, async (request, reply) => {
    const hierarchy = cmsHierarchyOf(
      request.params.identifier,
      catalog.cmsPages.filter((page) => page.active),
    );
    if (!hierarchy) throw new ApiError(404, EMPTY_CMS);
    return sendResult(reply, hierarchy);
  });

  typed.get('/api/advice', { config: { cache: 'catalog' }, schema: AdviceListRead }, async (request, reply) => {
    const { from = 0, size = 12, topic } = request.query;
    const all = catalog.articles.filter((article) => !topic || article.topic === topic);
    const items = all.slice(from, from + size).map(({ body: _body, ...summary }) => summary);
    // Every topic with its number of articles (most first): the filter of /porady. An unknown
    // topic answers no items; the storefront then shows all.
    const counts = new Map<string, number>();
    for (const article of catalog.articles) counts.set(article.topic, (counts.get(article.topic) ?? 0) + 1);
    const topics = [...counts].map(([name, count]) => ({ topic: name, count })).sort((a, b) => b.count - a.count || a.topic.localeCompare(b.topic));
    return sendResult(reply, { items, total: all.length, start: from, perPage: size, topics });
  });

  typed.get('/api/advice/:slug', { config: { cache: 'catalog' }, schema: AdviceArticleBySlug }, async (request, reply) => {
    const articles = catalog.articles;
    const index = articles.findIndex((article) => article.slug === request.params.slug);
    if (index < 0) throw new ApiError(404, EMPTY_CMS);
    const neighbour = (at: number) => (articles[at] ? { slug: articles[at].slug, title: articles[at].title } : null);
    const article = articles[index];
    // The related products' category, so the page asks the catalogue for them in one search.
    const category = catalog.categories.find((candidate) => candidate.slug === article.related_category_slug && candidate.is_active);
    return sendResult(reply, {
      article,
      category: category ? { id: category.id, name: category.name, slug: category.slug, url_path: category.url_path } : null,
      newer: neighbour(index - 1),
      older: neighbour(index + 1),
      related: articles.filter((other) => other.topic === article.topic && other.slug !== article.slug).map(({ slug, title }) => ({ slug, title })),
    });
  });
}
