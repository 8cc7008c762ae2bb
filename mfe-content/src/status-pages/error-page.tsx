import './status-pages.css';
import { $route, linkTo } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { PageFrame, useRequestStore } from '@kaloryfer/ui';
import { useEffect } from 'react';
import { failedPath, reportPageError } from './report-error';

/**
 * /error[?from=/c/…&remote=catalog]: the shell sends a shopper here when a page's code failed
 * to load twice (shell/src/apps/send-to-error-page.ts). Says what happened in Polish, offers the
 * failed address again and the home page, and reports the error to the tag manager once.
 */
export function ErrorPage() {
  const { t } = useTranslation('content');
  const route = useRequestStore($route);
  const params = new URLSearchParams(route.search);
  const from = failedPath(params.get('from'));
  const remote = params.get('remote');

  useEffect(() => {
    reportPageError(from, remote);
  }, [from, remote]);

  return (
    <PageFrame title={t('error.title')} description={t('error.description')} lead={t('Something went wrong', { ns: 'messages' })}>
      <div className="status-page">
        <p className="status-page-what">{from ? t('error.failedPage', { path: from }) : t('error.generic')}</p>
        <p>{t('error.explain')}</p>
        <p className="status-page-actions">
          {from && (
            <a className="button" href={from}>
              {t('error.retry')}
            </a>
          )}
          <a className={from ? 'button-secondary' : 'button'} href={linkTo({ name: 'home' })}>
            {t('error.home')}
          </a>
        </p>
        <p>
          {t('error.contact')} <a href={linkTo({ name: 'cms-page', slug: 'kontakt' })}>{t('cms.title.kontakt')}</a>
        </p>
      </div>
    </PageFrame>
  );
}
