import { linkTo } from '@kaloryfer/contracts';
import { createRemoteLifecycles, RemoteVersion } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { BUILD } from '../build-info';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { CMS_PAGES } from '../pages/cms-pages';

export function Footer() {
  const { t } = useTranslation('content');
  return (
    <div className="footer-columns">
      <nav aria-label={t('footer.help')}>
        <h2>{t('footer.help')}</h2>
        <ul>
          {CMS_PAGES.map((slug) => (
            <li key={slug}><a href={linkTo({ name: 'cms-page', slug })}>{t(`cms.title.${slug}`)}</a></li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('footer.advice')}>
        <h2>{t('footer.advice')}</h2>
        <ul><li><a href={linkTo({ name: 'advice' })}>{t('advice.title')}</a></li></ul>
      </nav>
      <RemoteVersion build={BUILD} />
    </div>
  );
}

export default createRemoteLifecycles(Footer, CONTENT_NAMESPACE);
