import { $compare, linkTo } from '@kaloryfer/contracts';
import { PageFrame } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { TOP_CATEGORIES } from './top-categories';

// Page frames the catalogue issue fills with listings, product details and comparisons.

export function CategoriesPage() {
  const { t } = useTranslation('catalog');
  return (
    <PageFrame title={t('categories.title')} lead={t('categories.lead')}>
      <ul className="tile-grid">
        {TOP_CATEGORIES.map((category) => (
          <li key={category.slug}><a className="tile" href={linkTo({ name: 'category', slug: category.slug })}>{t(category.label, { ns: 'shell' })}</a></li>
        ))}
      </ul>
    </PageFrame>
  );
}

export function CategoryPage({ slug }: { slug: string }) {
  const { t } = useTranslation('catalog');
  return <PageFrame title={t('category.title', { slug })} crumbs={[{ label: t('categories.title'), intent: { name: 'categories' } }]} lead={t('category.lead')} />;
}

export function ProductPage({ sku }: { sku: string }) {
  const { t } = useTranslation('catalog');
  return <PageFrame title={t('product.title', { sku })} lead={t('product.lead')} />;
}

export function ComparePage() {
  const { t } = useTranslation('catalog');
  const compare = useStore($compare);
  const items = Object.values(compare);
  return (
    <PageFrame title={t('compare.title')}>
      {items.length === 0 ? <p>{t('compare.empty')}</p> : <ul>{items.map((item) => <li key={item.sku}>{item.name}</li>)}</ul>}
    </PageFrame>
  );
}

export function BrandsPage() {
  const { t } = useTranslation('catalog');
  return <PageFrame title={t('brands.title')} lead={t('brands.lead')} />;
}
