import type { CmsPage } from '@kaloryfer/domain';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../../catalog/catalog';
import { ApiError, sendResult } from '../../http/envelope';
import { INPUT_LIMITS, Offset, PageSize } from '@kaloryfer/api-contract';
import { parseSearch, SearchQueryError } from '../../search/query-parser';

export const EMPTY_CMS = 'CMS query returned empty result';
const IDENTIFIER = Type.String({ minLength: 1, maxLength: 128, pattern: '^[a-z0-9][a-z0-9_-]*$' });

/** The search for blocks like a pattern; a pattern the search refuses is the caller's 400, not a 500. */
function blocksSearch(like: string, from: number, size: number) {
  try {
    return parseSearch({
      type: 'cms_block', query: { _appliedFilters: [{ attribute: 'identifier', value: { like } }, { attribute: 'active', value: { eq: true } }] }, from, size,
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
  app.get<{ Params: { identifier: string } }>('/api/cms/page/:identifier', {
    config: { cache: 'catalog' },
    schema: { summary: 'A CMS page by identifier', tags: ['content'], params: Type.Object({ identifier: IDENTIFIER }) },
  }, async (request, reply) => {
    const page = catalog.cmsPages.find((candidate) => candidate.identifier === request.params.identifier && candidate.active);
    if (!page) throw new ApiError(404, EMPTY_CMS);
    return sendResult(reply, page);
  });

  const BlocksQuery = Type.Object({
    like: Type.String({ minLength: 1, maxLength: 128 }),
    size: Type.Optional(PageSize({ maximum: INPUT_LIMITS.maxCmsBlocks, default: 150 })),
    from: Type.Optional(Offset()),
  });
  app.get<{ Querystring: Static<typeof BlocksQuery> }>('/api/cms/blocks', {
    config: { cache: 'catalog' },
    schema: { summary: 'CMS blocks whose identifier is like a pattern (size 150 by default, at most 500)', tags: ['content'], querystring: BlocksQuery },
  }, async (request, reply) => {
    const { like, size = 150, from = 0 } = request.query;
    const result = await catalog.engine.search(blocksSearch(like, from, size));
    return sendResult(reply, { items: result.items, total: result.total, start: result.start, perPage: result.perPage });
  });

  app.get<{ Params: { identifier: string } }>('/api/cms/hierarchy/:identifier', {
    config: { cache: 'catalog' },
    schema: { summary: 'Where a CMS page sits: its parents (breadcrumbs), siblings and children', tags: ['content'], params: Type.Object({ identifier: IDENTIFIER }) },
  }, async (request, reply) => {
    const pages = catalog.cmsPages.filter((page) => page.active);
    const page = pages.find((candidate) => candidate.identifier === request.params.identifier);
    if (!page) throw new ApiError(404, EMPTY_CMS);
    const link = ({ identifier, title }: CmsPage) => ({ identifier, title });
    const parents: CmsPage[] = [];
    for (let parent = page.parent_identifier; parent; ) {
      const found = pages.find((candidate) => candidate.identifier === parent);
      if (!found || parents.includes(found)) break;
      parents.unshift(found);
      parent = found.parent_identifier;
    }
    const byPosition = (a: CmsPage, b: CmsPage) => a.position - b.position;
    return sendResult(reply, {
      page: link(page),
      parents: parents.map(link),
      siblings: pages.filter((candidate) => candidate.parent_identifier === page.parent_identifier).sort(byPosition).map(link),
      children: pages.filter((candidate) => candidate.parent_identifier === page.identifier).sort(byPosition).map(link),
    });
  });

  const AdviceQuery = Type.Object({
    from: Type.Optional(Offset()),
    size: Type.Optional(PageSize({ maximum: 50, default: 12 })),
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$' })),
  });
  app.get<{ Querystring: Static<typeof AdviceQuery> }>('/api/advice', {
    config: { cache: 'catalog' },
    schema: { summary: 'Advice articles, newest first (without bodies), and every topic with its count', tags: ['content'], querystring: AdviceQuery },
  }, async (request, reply) => {
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

  app.get<{ Params: { slug: string } }>('/api/advice/:slug', {
    config: { cache: 'catalog' },
    schema: { summary: 'One advice article with its neighbours, related articles and its related category', tags: ['content'], params: Type.Object({ slug: IDENTIFIER }) },
  }, async (request, reply) => {
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
