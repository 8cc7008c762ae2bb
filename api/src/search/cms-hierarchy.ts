import type { CmsHierarchyNode, CmsPage } from '@kaloryfer/api-contract';
import { cmsParents } from '@kaloryfer/domain';

/**
 * The `cms_hierarchy` search type VSF 1.12 registers (its cms module loads it by identifier):
 * Magento's CMS hierarchy nodes — page, label, xpath, request URL, parent node — derived from
 * the active pages' `parent_identifier` (the tree /api/cms/hierarchy serves too). The node's
 * shape is the contract's (shared/api-contract/src/content.ts).
 */
export function cmsHierarchy(pages: CmsPage[]): CmsHierarchyNode[] {
  const active = pages.filter((page) => page.active);
  const byIdentifier = new Map(active.map((page) => [page.identifier, page]));
  return active.map((page) => {
    const path = [...cmsParents(page, active), page];
    const parent = page.parent_identifier ? (byIdentifier.get(page.parent_identifier) ?? null) : null;
    return {
      node_id: page.id,
      page_id: page.id,
      identifier: page.identifier,
      label: page.title,
      title: page.title,
      parent_node_id: parent?.id ?? null,
      parent_identifier: parent?.identifier ?? null,
      xpath: path.map((node) => node.id).join('/'),
      request_url: `i/${page.identifier}`,
      level: path.length,
      sort_order: page.position,
      position: page.position,
    };
  });
}
