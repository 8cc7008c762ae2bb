import { linkTo } from '@kaloryfer/contracts';
import { PageFrame } from '@kaloryfer/ui';
import { useTranslation } from 'react-i18next';
import { TOP_CATEGORIES } from './top-categories';

const RAILS = ['home.new', 'home.bestsellers', 'home.exclusive'] as const;
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
              <a className="tile" href={linkTo({ name: 'category', slug: category.slug })}>{t(category.label, { ns: 'shell' })}</a>
            </li>
          ))}
        </ul>
      </section>
      {RAILS.map((rail) => (
        <section key={rail} aria-labelledby={rail}>
          <h2 id={rail}>{t(rail)}</h2>
          <p>{t('rail.empty')}</p>
        </section>
      ))}
      <section aria-labelledby="home-why">
        <h2 id="home-why">{t('home.why')}</h2>
        <ul className="usp-list">{USPS.map((usp) => <li key={usp}>{t(usp)}</li>)}</ul>
      </section>
    </PageFrame>
  );
}
