import './catalogue-index.css';
import { useTranslation } from '@kaloryfer/i18n';
import { PageFrame, usePageData } from '@kaloryfer/ui';
import { BRANDS_KEY } from '../api/data-keys';
import { brandHref, brandsWithCounts } from './brands';
import { IndexSkeleton, ProductCount } from './categories-page';

/** /brands, /marki: every manufacturer with listed products, A–Ż, each a link to its products. */
export function BrandsPage() {
  const { t } = useTranslation('catalog');
  const brands = usePageData(BRANDS_KEY, (signal) => brandsWithCounts(signal));
  return (
    <PageFrame title={t('brands.title')} lead={t('brands.lead')}>
      {brands.status === 'loading' && <IndexSkeleton rows={8} />}
      {brands.status === 'error' && (
        <p role="alert" className="index-unavailable">
          {t('brands.unavailable')}
        </p>
      )}
      {brands.status === 'ready' && brands.value.length === 0 && <p role="status">{t('brands.none')}</p>}
      {brands.status === 'ready' && brands.value.length > 0 && (
        <ul className="brand-list">
          {brands.value.map((brand) => (
            <li key={brand.id}>
              <a href={brandHref(brand.id)}>{brand.label}</a> <ProductCount count={brand.count} />
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
