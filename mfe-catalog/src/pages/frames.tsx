import { linkTo } from '@kaloryfer/contracts';
import { PageFrame } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { TOP_CATEGORIES } from './top-categories';

// Category overview and brands: pages without a listing of their own.

export function CategoriesPage() {
  const { t } = useTranslation('catalog');
  return (
    <PageFrame title={t('categories.title')} lead={t('categories.lead')}>
      <ul className="tile-grid">
        {TOP_CATEGORIES.map((category) => (
          <li key={category.slug}><a className="tile" href={linkTo({ name: 'category', slug: category.slug })}>{t(category.label)}</a></li>
        ))}
      </ul>
    </PageFrame>
  );
}

export function BrandsPage() {
  const { t } = useTranslation('catalog');
  return <PageFrame title={t('brands.title')} lead={t('brands.lead')} />;
}
