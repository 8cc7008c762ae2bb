import type { CmsHierarchy, CmsPage, CmsPageLink } from '@kaloryfer/api-contract';

/**
 * Where a CMS page stands among the shop's pages (spec §2 `/i/:slug`): its parents followed up
 * through `parent_identifier`, its siblings and its children. One walk for the API's
 * `GET /api/cms/hierarchy/:identifier` and its `cms_hierarchy` search, and for the content
 * remote's tests, which fake the API with it (issue #53: the walk was written three times).
 */

type Linked = Pick<CmsPage, 'identifier' | 'parent_identifier'>;

/** A page's parents, the root first; a parent missing from `pages`, or a loop, ends the walk. */
export function cmsParents<Page extends Linked>(page: Page, pages: readonly Page[]): Page[] {
  const byIdentifier = new Map(pages.map((candidate) => [candidate.identifier, candidate]));
  const parents: Page[] = [];
  for (let parent = page.parent_identifier ? byIdentifier.get(page.parent_identifier) : undefined; parent && parent !== page && !parents.includes(parent);) {
    parents.unshift(parent);
    parent = parent.parent_identifier ? byIdentifier.get(parent.parent_identifier) : undefined;
  }
  return parents;
}

const link = ({ identifier, title }: CmsPage): CmsPageLink => ({ identifier, title });
const byPosition = (a: CmsPage, b: CmsPage) => a.position - b.position;

/** The page's hierarchy among `pages` (the active ones: the caller's choice), or null when it is not among them. */
export function cmsHierarchyOf(identifier: string, pages: readonly CmsPage[]): CmsHierarchy | null {
  const page = pages.find((candidate) => candidate.identifier === identifier);
  if (!page) return null;
  return {
    page: link(page),
    parents: cmsParents(page, pages).map(link),
    siblings: pages
      .filter((candidate) => candidate.parent_identifier === page.parent_identifier)
      .sort(byPosition)
      .map(link),
    children: pages
      .filter((candidate) => candidate.parent_identifier === page.identifier)
      .sort(byPosition)
      .map(link),
  };
}
