import '../product/product.css';
import { $compare, compareRemoveRequested, type ListedProduct } from '@kaloryfer/contracts';
import type { Product } from '@kaloryfer/api-contract';
import { imageUrl } from '@kaloryfer/domain';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import { PageFrame, useClientStore, useHydrated, usePageData } from '@kaloryfer/ui';
import { attributeValue, shownAttributes } from '../api/attributes';
import { search } from '../api/catalog-api';
import { HEATING_ROWS } from '../product/heating-table';
import { productHref } from '../product/product-links';
import { ATTRIBUTES_KEY } from '../api/data-keys';

const NO_COMPARE: Record<string, ListedProduct> = {};

/** /compare: the products in $compare side by side, on their comparable attributes. */
export function ComparePage() {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  // The compare list is the shopper's own (browser storage): the server renders its frame only.
  const hydrated = useHydrated();
  const compare = useClientStore($compare, NO_COMPARE);
  const items = Object.values(compare);
  const parents = [...new Set(items.map((item) => item.parentSku))];
  const products = usePageData(`compare-${parents.join(',')}`, async (signal) => {
    if (parents.length === 0) return [];
    const response = await search<Product>(
      'product',
      { query: { _appliedFilters: [{ attribute: 'sku', value: { in: parents } }] }, size: parents.length },
      signal,
    );
    return response.items;
  });
  const attributes = usePageData(ATTRIBUTES_KEY, () => shownAttributes());
  const labels = attributes.status === 'ready' ? attributes.value : [];

  if (!hydrated)
    return (
      <PageFrame title={t('compare.title')}>
        <p aria-busy="true">{t('loading', { ns: 'common' })}</p>
      </PageFrame>
    );
  if (items.length === 0)
    return (
      <PageFrame title={t('compare.title')}>
        <p>{t('compare.empty')}</p>
      </PageFrame>
    );
  const rows = items.map((item) => {
    const product = products.status === 'ready' ? products.value.find((candidate) => candidate.sku === item.parentSku) : undefined;
    const child = product?.configurable_children?.find((candidate) => candidate.sku === item.sku);
    return { item, product, source: { ...product, ...child } as Record<string, unknown> };
  });
  const comparable = HEATING_ROWS.filter((code) => {
    const attribute = labels.find((candidate) => candidate.attribute_code === code);
    return (attribute?.is_comparable ?? true) && rows.some((row) => row.source[code] !== undefined && row.source[code] !== null);
  });
  return (
    <PageFrame title={t('compare.title')}>
      <div className="compare-scroll">
        <table className="spec-table compare-table" aria-busy={products.status === 'loading'}>
          <caption className="visually-hidden">{t('compare.caption')}</caption>
          <thead>
            <tr>
              <td />
              {rows.map(({ item }) => (
                <th key={item.sku} scope="col">
                  {item.image && <img src={imageUrl(item.image, 150)!} alt="" width={150} height={150} />}
                  <a href={productHref({ sku: item.parentSku, slug: item.slug }, item.sku !== item.parentSku ? item.sku : undefined)}>{item.name}</a>
                  <button type="button" className="button-link" onClick={() => compareRemoveRequested.emit({ sku: item.sku })}>
                    {t('compare.remove', { name: item.name })}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('compare.price')}</th>
              {rows.map(({ item, source }) => (
                <td key={item.sku}>{typeof source.final_price_incl_tax === 'number' ? formatPrice(source.final_price_incl_tax) : '—'}</td>
              ))}
            </tr>
            {comparable.map((code) => {
              const attribute = labels.find((candidate) => candidate.attribute_code === code);
              return (
                <tr key={code}>
                  <th scope="row">{attribute?.frontend_label ?? t(`spec.${code}`)}</th>
                  {rows.map(({ item, source }) => {
                    const value = source[code];
                    const text = value === undefined || value === null ? '—' : attributeValue(labels, code, value);
                    return <td key={item.sku}>{text}</td>;
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </PageFrame>
  );
}
