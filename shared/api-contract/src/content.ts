import { Type, type Static } from '@sinclair/typebox';
import { INPUT_LIMITS, Offset, PageSize } from './bounded-integers';
import { answers, Nullable } from './envelope';

/** A CMS page or advice identifier: lower-case letters, digits, `_` and `-`. */
const Identifier = Type.String({ minLength: 1, maxLength: 128, pattern: '^[a-z0-9][a-z0-9_-]*$' });

/** A CMS page (spec §7), as `/api/cms/page` and the `cms_page` search serve it; its content is sanitised HTML. */
export const CmsPage = Type.Object({
  id: Type.Integer(),
  identifier: Type.String(),
  title: Type.String(),
  content_heading: Type.String(),
  content: Type.String(),
  meta_title: Type.String(),
  meta_description: Type.String(),
  /** Hierarchy: the identifier of the parent page, or null at the top. */
  parent_identifier: Nullable(Type.String()),
  position: Type.Integer(),
  active: Type.Boolean(),
  updated_at: Type.String(),
});
export type CmsPage = Static<typeof CmsPage>;

/** A CMS block (spec §7), as `/api/cms/blocks` and the `cms_block` search serve it. */
export const CmsBlock = Type.Object({
  id: Type.Integer(),
  identifier: Type.String(),
  title: Type.String(),
  content: Type.String(),
  active: Type.Boolean(),
});
export type CmsBlock = Static<typeof CmsBlock>;

/**
 * A node of Magento's CMS hierarchy, the `cms_hierarchy` search type VSF 1.12 registers: derived
 * from the active pages' `parent_identifier` (api/src/search/cms-hierarchy.ts).
 */
export const CmsHierarchyNode = Type.Object({
  node_id: Type.Integer(),
  page_id: Type.Integer(),
  identifier: Type.String(),
  label: Type.String(),
  title: Type.String(),
  parent_node_id: Nullable(Type.Integer()),
  parent_identifier: Nullable(Type.String()),
  /** Node ids from the root, "1/5/9" (Magento's xpath). */
  xpath: Type.String(),
  /** Where the page is in the shop (routes.md: /i/{slug}). */
  request_url: Type.String(),
  level: Type.Integer(),
  sort_order: Type.Integer(),
  position: Type.Integer(),
});
export type CmsHierarchyNode = Static<typeof CmsHierarchyNode>;

/** A page as a link: breadcrumbs, siblings, children. */
export const CmsPageLink = Type.Object({ identifier: Type.String(), title: Type.String() });
export type CmsPageLink = Static<typeof CmsPageLink>;

/** An advice article of /porady. */
export const AdviceArticle = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  lead: Type.String(),
  /** Markdown-light body: paragraphs split by blank lines, "## " headings, "- " list items. */
  body: Type.String(),
  topic: Type.String(),
  reading_minutes: Type.Integer(),
  published_at: Type.String(),
  image: Type.String(),
  related_category_slug: Nullable(Type.String()),
});
export type AdviceArticle = Static<typeof AdviceArticle>;

/** An article in the list: everything but its body. */
export const AdviceSummary = Type.Omit(AdviceArticle, ['body']);
export type AdviceSummary = Static<typeof AdviceSummary>;

/** Another article as a link (neighbours, related). */
export const AdviceLink = Type.Object({ slug: Type.String(), title: Type.String() });
export type AdviceLink = Static<typeof AdviceLink>;

/** `GET /api/cms/page/:identifier`: an active page (404 otherwise). */
export const CmsPageByIdentifier = {
  summary: 'A CMS page by identifier',
  tags: ['content'],
  params: Type.Object({ identifier: Identifier }),
  response: answers(CmsPage),
};

/** A page of CMS blocks. */
export const CmsBlockPage = Type.Object({ items: Type.Array(CmsBlock), total: Type.Integer(), start: Type.Integer(), perPage: Type.Integer() });
export type CmsBlockPage = Static<typeof CmsBlockPage>;

/** Where a page sits in the hierarchy. */
export const CmsHierarchy = Type.Object({
  page: CmsPageLink,
  /** From the top down to the page's parent: the breadcrumbs. */
  parents: Type.Array(CmsPageLink),
  /** The pages under the same parent, the page itself among them, in position order. */
  siblings: Type.Array(CmsPageLink),
  children: Type.Array(CmsPageLink),
});
export type CmsHierarchy = Static<typeof CmsHierarchy>;

/** A topic of /porady with its number of articles. */
export const TopicCount = Type.Object({ topic: Type.String(), count: Type.Integer() });
export type TopicCount = Static<typeof TopicCount>;

/** A page of advice articles and every topic with its count. */
export const AdviceList = Type.Object({
  items: Type.Array(AdviceSummary),
  total: Type.Integer(),
  start: Type.Integer(),
  perPage: Type.Integer(),
  /** Every topic (not only the filtered one), most articles first: the filter of /porady. */
  topics: Type.Array(TopicCount),
});
export type AdviceList = Static<typeof AdviceList>;

/** One article with its neighbours, the related articles and the category of its products. */
export const AdviceArticleView = Type.Object({
  article: AdviceArticle,
  /** The related products' category (the page asks the catalogue for them in one search); null when none is active. */
  category: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String(), url_path: Type.String() })),
  newer: Nullable(AdviceLink),
  older: Nullable(AdviceLink),
  /** The other articles of its topic. */
  related: Type.Array(AdviceLink),
});
export type AdviceArticleView = Static<typeof AdviceArticleView>;

/** `GET /api/cms/blocks?like=`: active blocks whose identifier is like the pattern, one page of them. */
export const CmsBlocks = {
  summary: 'CMS blocks whose identifier is like a pattern (size 150 by default, at most 500)',
  tags: ['content'],
  querystring: Type.Object({
    like: Type.String({ minLength: 1, maxLength: 128 }),
    size: Type.Optional(PageSize({ maximum: INPUT_LIMITS.maxCmsBlocks, default: 150 })),
    from: Type.Optional(Offset()),
  }),
  response: answers(CmsBlockPage),
};

/** `GET /api/cms/hierarchy/:identifier`: where an active page sits. */
export const CmsHierarchyRead = {
  summary: 'Where a CMS page sits: its parents (breadcrumbs), siblings and children',
  tags: ['content'],
  params: Type.Object({ identifier: Identifier }),
  response: answers(CmsHierarchy),
};

/** `GET /api/advice`: a page of articles (newest first, without bodies) and every topic with its count. */
export const AdviceListRead = {
  summary: 'Advice articles, newest first (without bodies), and every topic with its count',
  tags: ['content'],
  querystring: Type.Object({
    from: Type.Optional(Offset()),
    size: Type.Optional(PageSize({ maximum: 50, default: 12 })),
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$' })),
  }),
  response: answers(AdviceList),
};

/** `GET /api/advice/:slug`: one article, its neighbours, the related articles and the category of its products. */
export const AdviceArticleBySlug = {
  summary: 'One advice article with its neighbours, related articles and its related category',
  tags: ['content'],
  params: Type.Object({ slug: Identifier }),
  response: answers(AdviceArticleView),
};
