import { linkTo } from '@kaloryfer/contracts';
import { useId } from 'react';
import type { CmsHierarchy, CmsPageLink } from '@kaloryfer/api-contract';
import { useCmsWords } from './cms-words';

/**
 * Where the page sits among the shop's pages (/api/cms/hierarchy): its parent as the heading,
 * the pages beside it with the current one marked, and the current page's children under it.
 */
export function CmsSideNav({ hierarchy }: { hierarchy: CmsHierarchy }) {
  const words = useCmsWords();
  const headingId = useId();
  const parent = hierarchy.parents.at(-1);
  const current = hierarchy.page.identifier;
  const link = (page: CmsPageLink, isCurrent = false) => (
    <a href={linkTo({ name: 'cms-page', slug: page.identifier })} aria-current={isCurrent ? 'page' : undefined}>
      {words.title(page)}
    </a>
  );
  return (
    <nav className="cms-nav" aria-labelledby={headingId}>
      <h2 id={headingId} className="cms-nav-title">
        {parent ? link(parent) : words.t('cms.sideNav')}
      </h2>
      <ul>
        {hierarchy.siblings.map((sibling) => (
          <li key={sibling.identifier}>
            {link(sibling, sibling.identifier === current)}
            {sibling.identifier === current && hierarchy.children.length > 0 && (
              <ul>
                {hierarchy.children.map((child) => (
                  <li key={child.identifier}>{link(child)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
