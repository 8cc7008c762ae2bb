import '../listing/listing.css';
import { linkTo } from '@kaloryfer/contracts';
import { PageFrame, usePageData } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { search } from '../api/catalog-api';
import { NewsletterSignup } from '@kaloryfer/ui/newsletter';
import { ProductTile } from '../product/product-tile';
import type { ListedTile } from '../listing/listing-request';
import { TOP_CATEGORIES } from '../pages/top-categories';
import { railRequest, RAIL_SIZE, RAILS, type RailName } from './rails';
import { cmsBlocksKey, railKey } from '../api/data-keys';
import { cmsBlocks, HOME_USP_BLOCKS } from '../api/cms-blocks';

/** The shop's own words, shown while the CMS's USPs are not there (loading, failed, none): never an empty section. */
const FALLBACK_USPS = ['usp.courier', 'usp.returns', 'usp.freeDelivery', 'usp.freeValves'] as const;

export function HomePage() {
  const { t } = useTranslation('catalog');
  return (
    <PageFrame isHome title={t('home.title')} description={t('home.description')} lead={t('home.lead')}>
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">{t('home.categories')}</h2>
        <ul className="tile-grid">
          {TOP_CATEGORIES.map((category) => (
            <li key={category.slug}>
              <a className="tile" href={linkTo({ name: 'category', slug: category.slug })}>
                {t(category.label)}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {(Object.keys(RAILS) as RailName[]).map((rail) => (
        <Rail key={rail} name={rail} />
      ))}
      <Usps />
      {/* The same plain form as the footer's (it works before and without the page's code); its answer comes back here. */}
      <NewsletterSignup source="home" />
    </PageFrame>
  );
}

/**
 * "Dlaczego Kaloryfer": the home-usp-* blocks of the CMS (title and plain text), asked for in the
 * page's first render beside the rails, so a server render loads them in the same round. The CMS
 * is written in Polish only: a page in another language keeps the shop's translated list (and
 * asks for no blocks).
 */
function Usps() {
  const { t, i18n } = useTranslation('catalog');
  const polish = i18n.language === 'pl-PL';
  const blocks = usePageData(cmsBlocksKey(HOME_USP_BLOCKS) + (polish ? '' : ':none'), (signal) =>
    polish ? cmsBlocks(HOME_USP_BLOCKS, signal) : Promise.resolve([]),
  );
  const usps = blocks.status === 'ready' && blocks.value.length > 0 ? blocks.value : null;
  return (
    <section aria-labelledby="home-why">
      <h2 id="home-why">{t('home.why')}</h2>
      {usps ? (
        <ul className="usp-list">
          {usps.map((block) => (
            <li key={block.identifier}>
              <h3>{block.title}</h3>
              <p>{block.content}</p>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="usp-list">
          {FALLBACK_USPS.map((usp) => (
            <li key={usp}>{t(usp)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Rail({ name }: { name: RailName }) {
  const { t } = useTranslation('catalog');
  const products = usePageData(railKey(name), (signal) => search<ListedTile>('product', railRequest(name), signal).then((response) => response.items));
  const headingId = `rail-${name}`;
  return (
    <section className="rail" aria-labelledby={headingId} aria-busy={products.status === 'loading'}>
      <h2 id={headingId}>{t(`home.${name}`)}</h2>
      {products.status === 'loading' && (
        <ul className="product-grid" aria-hidden="true">
          {Array.from({ length: RAIL_SIZE }, (_, index) => (
            <li key={index}>
              <div className="product-tile skeleton" />
            </li>
          ))}
        </ul>
      )}
      {(products.status === 'error' || (products.status === 'ready' && products.value.length === 0)) && <p>{t('rail.empty')}</p>}
      {products.status === 'ready' && products.value.length > 0 && (
        <ul className="product-grid">
          {products.value.map((product) => (
            <li key={product.id}>
              <ProductTile product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
