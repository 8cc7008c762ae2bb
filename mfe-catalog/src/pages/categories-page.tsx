import './catalogue-index.css';
import { linkTo } from '@kaloryfer/contracts';
import type { Category } from '@kaloryfer/api-contract';
import { useTranslation } from '@kaloryfer/i18n';
import { PageFrame, usePageData } from '@kaloryfer/ui';
import { categories, childrenOf } from '../api/categories';
import { CATEGORIES_KEY } from '../api/data-keys';

/** Deeper than any real tree: a parent loop in the data must not hang a render. */
const MAX_DEPTH = 8;

/**
 * The categories a shopper starts from: the children of the main category (the one category
 * whose parent is not in the tree: "Kaloryfer", id 2 under the invisible root), or every such
 * category when there are several.
 */
export function topCategories(all: Category[]): Category[] {
  const ids = new Set(all.map((category) => category.id));
  const roots = all.filter((category) => category.is_active && !ids.has(category.parent_id)).sort((a, b) => a.position - b.position);
  return roots.length === 1 ? childrenOf(all, roots[0]) : roots;
}

/** /categories: the whole category tree, each category a link to its listing with its product count. */
export function CategoriesPage() {
  const { t } = useTranslation('catalog');
  const tree = usePageData(CATEGORIES_KEY, () => categories());
  return (
    <PageFrame title={t('categories.title')} lead={t('categories.lead')}>
      {tree.status === 'loading' && <IndexSkeleton rows={5} />}
      {tree.status === 'error' && (
        <p role="alert" className="index-unavailable">
          {t('categories.unavailable')}
        </p>
      )}
      {tree.status === 'ready' && <CategoryTree all={tree.value} />}
    </PageFrame>
  );
}

function CategoryTree({ all }: { all: Category[] }) {
  const { t } = useTranslation('catalog');
  const top = topCategories(all);
  if (top.length === 0) return <p role="status">{t('categories.none')}</p>;
  return (
    <ul className="category-tree">
      {top.map((category) => (
        <li key={category.id} className="category-tree-branch">
          <h2 className="category-tree-heading">
            <a href={linkTo({ name: 'category', slug: category.slug })}>{category.name}</a>
          </h2>
          <ProductCount count={category.product_count} />
          <Subcategories all={all} parent={category} depth={1} />
        </li>
      ))}
    </ul>
  );
}

function Subcategories({ all, parent, depth }: { all: Category[]; parent: Category; depth: number }) {
  const children = depth < MAX_DEPTH ? childrenOf(all, parent) : [];
  if (children.length === 0) return null;
  return (
    <ul className="category-tree-children">
      {children.map((child) => (
        <li key={child.id}>
          <a href={linkTo({ name: 'category', slug: child.slug })}>{child.name}</a> <ProductCount count={child.product_count} />
          <Subcategories all={all} parent={child} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

/** "12 produktów", beside the link rather than in it: the link's name stays the category's name. */
export function ProductCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation('catalog');
  if (typeof count !== 'number') return null;
  return <span className="index-count">{t('count.products', { count })}</span>;
}

/** Placeholder rows while the list loads (the first view of a server-rendered page never shows them). */
export function IndexSkeleton({ rows }: { rows: number }) {
  return (
    <div aria-busy="true">
      <ul className="index-skeleton" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index}>
            <div className="skeleton skeleton-line" />
          </li>
        ))}
      </ul>
    </div>
  );
}
