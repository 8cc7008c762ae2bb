import type { ProductView } from '@kaloryfer/api-contract';
import { useTranslation } from '@kaloryfer/i18n';
import { ProductTile } from './product-tile';

/** Products shown with this one. */
export function RelatedRail({ products }: { products: ProductView['related'] }) {
  const { t } = useTranslation('catalog');
  return (
    <section aria-labelledby="product-related" className="rail">
      <h2 id="product-related">{t('product.related')}</h2>
      <ul className="product-grid">
        {products.map((item) => (
          <li key={item.id}>
            <ProductTile product={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
