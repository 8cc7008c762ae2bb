import { linkTo } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import { useFormatPrice } from '@kaloryfer/i18n';
import { usePageData } from '@kaloryfer/ui';
import { useId } from 'react';
import { relatedProducts, relatedProductsKey, type RelatedCategory } from './advice-api';
import { useAdviceWords } from './use-advice-words';

/**
 * Products for the article: the most viewed listed products of its related category, as links
 * to their pages (name, picture, "od" price) and a link to the whole category. One catalogue
 * search, rendered on the server with the article; the catalogue's own tiles stay its own
 * (docs/content.md says why this is not a runtime-loaded catalogue module).
 */
export function RelatedProducts({ category }: { category: RelatedCategory }) {
  const { t } = useAdviceWords();
  const formatPrice = useFormatPrice();
  const headingId = useId();
  const products = usePageData(relatedProductsKey(category.id), (signal) => relatedProducts(category.id, signal));
  if (products.status === 'error' || (products.status === 'ready' && products.value.length === 0)) return null;
  return (
    <section className="advice-products" aria-labelledby={headingId} aria-busy={products.status === 'loading'}>
      <h2 id={headingId}>{t('advice.products')}</h2>
      {products.status === 'ready' && (
        <ul>
          {products.value.map((product) => {
            const picture = imageUrl(product.image, 150);
            return (
              <li key={product.sku}>
                <a href={linkTo({ name: 'product', parentSku: product.sku, slug: product.slug })} className="advice-product">
                  {picture && <img src={picture} alt="" width={150} height={150} loading="lazy" decoding="async" />}
                  <span className="advice-product-name">{product.name}</span>
                </a>
                {product.final_price_incl_tax !== undefined && (
                  <p className="advice-product-price">
                    {product.type_id === 'configurable' ? t('advice.priceFrom', { price: formatPrice(product.final_price_incl_tax) }) : formatPrice(product.final_price_incl_tax)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <a href={linkTo({ name: 'category', slug: category.slug })}>{t('advice.productsAll', { category: category.name })}</a>
      </p>
    </section>
  );
}
