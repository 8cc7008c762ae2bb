import './footer.css';
import { linkTo } from '@kaloryfer/contracts';
import { createRemoteLifecycles, RemoteVersion, usePageData } from '@kaloryfer/ui';
import { BUILD } from '../build-info';
import { CMS_ROOT, cmsBlocks, cmsBlocksKey, cmsHierarchy, cmsHierarchyKey, FOOTER_BLOCKS } from '../cms/cms-api';
import { useCmsWords } from '../cms/cms-words';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { NewsletterSignup } from '@kaloryfer/ui/newsletter';
import { DELIVERY_MARKS, MarkList, PAYMENT_MARKS } from './footer-badges';

/**
 * The footer of every page, from the CMS: the shop's pages (the children of `informacje` in the
 * hierarchy), the contact block (`footer-contact`), advice, payment and delivery marks. It is
 * rendered on the server and needs no code in the browser (server.tsx: interactive: false); its
 * two loads are asked for in the same render, so the server loads them in one round.
 */
export function Footer() {
  const words = useCmsWords();
  const { t } = words;
  const pages = usePageData(cmsHierarchyKey(CMS_ROOT), () => cmsHierarchy(CMS_ROOT));
  const blocks = usePageData(cmsBlocksKey(FOOTER_BLOCKS), () => cmsBlocks(FOOTER_BLOCKS));
  const contact = blocks.status === 'ready' ? blocks.value.find((block) => block.identifier === 'footer-contact') : undefined;
  // Without the hierarchy the footer still leads to the pages' overview.
  const links = pages.status === 'ready' ? pages.value.children : pages.status === 'error' ? [{ identifier: CMS_ROOT, title: t(`cms.title.${CMS_ROOT}`) }] : [];
  return (
    <div className="footer">
      <div className="footer-columns">
        <nav aria-label={t('footer.help')}>
          <h2>{t('footer.help')}</h2>
          <ul>
            {links.map((page) => (
              <li key={page.identifier}>
                <a href={linkTo({ name: 'cms-page', slug: page.identifier })}>{words.title(page)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.advice')}>
          <h2>{t('footer.advice')}</h2>
          <ul>
            <li>
              <a href={linkTo({ name: 'advice' })}>{t('advice.title')}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.account')}>
          <h2>{t('footer.account')}</h2>
          <ul>
            <li>
              <a href={linkTo({ name: 'my-account' })}>{t('footer.myAccount')}</a>
            </li>
            <li>
              <a href={linkTo({ name: 'my-account', section: 'orders' })}>{t('footer.orders')}</a>
            </li>
          </ul>
        </nav>
        {contact && (
          <div className="footer-contact">
            <h2>{t('footer.contact')}</h2>
            {/* Safe only because the API sanitised the block's HTML (api/src/content/sanitize.ts). */}
            <address lang={words.polish ? undefined : 'pl'} dangerouslySetInnerHTML={{ __html: contact.content }} />
          </div>
        )}
        <NewsletterSignup />
      </div>
      <div className="footer-mark-groups">
        <MarkList title={t('footer.payments')} marks={PAYMENT_MARKS} />
        <MarkList title={t('footer.delivery')} marks={DELIVERY_MARKS} />
      </div>
      {/* The shell opens its cookie settings for this link (shell/src/consent); without code it leads to the privacy policy. */}
      <p className="footer-cookies">
        <a href={`${linkTo({ name: 'cms-page', slug: 'polityka-prywatnosci' })}#ustawienia-cookies`}>{t('footer.cookieSettings')}</a>
      </p>
      <RemoteVersion build={BUILD} />
    </div>
  );
}

export default createRemoteLifecycles(Footer, CONTENT_NAMESPACE);
