import { linkTo } from '@kaloryfer/contracts';
import { usePageData } from '@kaloryfer/ui';
import { ProductCard } from '@kaloryfer/ui/product-card';
import { useId } from 'react';
import { relatedProducts, relatedProductsKey, type RelatedCategory } from './advice-api';
import { useAdviceWords } from './use-advice-words';

/**
 * Products for the article: the most viewed listed products of its related category as the
 * shop's product tiles (shared/ui's ProductCard — the same tile the catalogue lists with, price,
 * Omnibus line and all) and a link to the whole category. One catalogue search, rendered on the
 * server with the article (docs/content.md says why not a runtime-loaded catalogue module).
 */
export function RelatedProducts({ category }: { category: RelatedCategory }) {
  const { t } = useAdviceWords();
  const headingId = useId();
  const products = usePageData(relatedProductsKey(category.id), (signal) => relatedProducts(category.id, signal));
  if (products.status === 'error' || (products.status === 'ready' && products.value.length === 0)) return null;
  return (
    <section className="advice-products" aria-labelledby={headingId} aria-busy={products.status === 'loading'}>
      <h2 id={headingId}>{t('advice.products')}</h2>
      {products.status === 'ready' && (
        <ul className="advice-products-grid">
          {products.value.map((product) => (
            <li key={product.sku}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={linkTo({ name: 'category', slug: category.slug })}>{t('advice.productsAll', { category: category.name })}</a>
      </p>
    </section>
  );
}
