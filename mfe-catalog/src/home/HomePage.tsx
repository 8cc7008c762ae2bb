import '../listing/listing.css';
import { linkTo } from '@kaloryfer/contracts';
import { PageFrame, usePageData } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { search } from '../api/catalog-api';
import { ProductTile, type TileProduct } from '../product/ProductTile';
import { TOP_CATEGORIES } from '../pages/top-categories';
import { railRequest, RAIL_SIZE, RAILS, type RailName } from './rails';
import { railKey } from '../api/data-keys';

const USPS = ['usp.courier', 'usp.returns', 'usp.freeDelivery', 'usp.freeValves'] as const;

export function HomePage() {
  const { t } = useTranslation('catalog');
  return (
    <PageFrame isHome title={t('home.title')} description={t('home.description')} lead={t('home.lead')}>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">{t('home.categories')}</h2>
        <ul className="tile-grid">
          {TOP_CATEGORIES.map((category) => (
            <li key={category.slug}>
              <a className="tile" href={linkTo({ name: 'category', slug: category.slug })}>{t(category.label)}</a>
            </li>
          ))}
        </ul>
      </section>
      {(Object.keys(RAILS) as RailName[]).map((rail) => <Rail key={rail} name={rail} />)}
      <section aria-labelledby="home-why">
        <h2 id="home-why">{t('home.why')}</h2>
        <ul className="usp-list">{USPS.map((usp) => <li key={usp}>{t(usp)}</li>)}</ul>
      </section>
    </PageFrame>
  );
}

function Rail({ name }: { name: RailName }) {
  const { t } = useTranslation('catalog');
  const products = usePageData(railKey(name), (signal) => search<TileProduct>('product', railRequest(name), signal).then((response) => response.items));
  const headingId = `rail-${name}`;
  return (
    <section className="rail" aria-labelledby={headingId} aria-busy={products.status === 'loading'}>
      <h2 id={headingId}>{t(`home.${name}`)}</h2>
      {products.status === 'loading' && (
        <ul className="product-grid" aria-hidden="true">
          {Array.from({ length: RAIL_SIZE }, (_, index) => <li key={index}><div className="product-tile skeleton" /></li>)}
        </ul>
      )}
      {(products.status === 'error' || (products.status === 'ready' && products.value.length === 0)) && <p>{t('rail.empty')}</p>}
      {products.status === 'ready' && products.value.length > 0 && (
        <ul className="product-grid">
          {products.value.map((product) => <li key={product.id}><ProductTile product={product} /></li>)}
        </ul>
      )}
    </section>
  );
}
