import './cms.css';
import { $route } from '@kaloryfer/contracts';
import { ApiFailure, Button, PageFrame, useOfflineRedirect, usePageData, useRequestStore, type Crumb } from '@kaloryfer/ui';
import { useState } from 'react';
import { cmsHierarchy, cmsHierarchyKey, cmsPage, cmsPageKey } from './cms-api';
import { CmsSideNav } from './cms-side-nav';
import { useCmsWords } from './cms-words';
import { NotFoundRedirect } from '../common/not-found-redirect';
import CmsBody from './cms-body.static';

/** The API's answer to an identifier it has no page for (404) or cannot be one (400). */
const isMissing = (error: Error) => error instanceof ApiFailure && (error.status === 404 || error.status === 400);

/**
 * /i/{slug} and /en/i/{slug}: a page of the shop (regulations, delivery, …) from the CMS with
 * its breadcrumbs and side navigation from the hierarchy. Both are asked for at once, so a
 * server render needs one round of loads; the browser hydrates with the same data.
 */
export function CmsPage({ slug }: { slug: string }) {
  const route = useRequestStore($route);
  const words = useCmsWords();
  const { t } = words;
  // A retry asks again under a new key; the first view's key names only the page.
  const [attempt, setAttempt] = useState(0);
  const retried = attempt > 0 ? `#${attempt}` : '';
  const page = usePageData(cmsPageKey(slug) + retried, (signal) => cmsPage(slug, signal));
  const hierarchy = usePageData(cmsHierarchyKey(slug) + retried, () => cmsHierarchy(slug));
  const failed = page.status === 'error' && !isMissing(page.error);
  useOfflineRedirect(failed);

  if (page.status === 'error' && isMissing(page.error)) return <NotFoundRedirect path={`${route.path}${route.search}`} />;
  if (page.status === 'error') {
    return (
      <PageFrame title={t('cms.unavailableTitle')}>
        <p role="alert">{t('cms.unavailable')}</p>
        <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
          {t('cms.retry')}
        </Button>
      </PageFrame>
    );
  }
  if (page.status === 'loading') {
    return (
      <div className="cms-loading" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('cms.loading')}
        </p>
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line" />
      </div>
    );
  }

  const { value } = page;
  const place = hierarchy.status === 'ready' ? hierarchy.value : null;
  const crumbs: Crumb[] = (place?.parents ?? []).map((parent) => ({ label: words.title(parent), intent: { name: 'cms-page', slug: parent.identifier } }));
  const heading = words.title({ identifier: value.identifier, title: value.content_heading || value.title });
  const day = value.updated_at.slice(0, 10);
  return (
    <PageFrame title={heading} description={value.meta_description} crumbs={crumbs}>
      <div className="cms-layout">
        <div className="cms-main">
          {!words.polish && <p className="cms-note">{t('cms.polishOnly')}</p>}
          {/* Safe only because the API sanitised this HTML with an allow-list when it was written
              and again when it was loaded (api/src/content/sanitize.ts, docs/content.md). */}
          <CmsBody html={value.content} lang={words.polish ? undefined : 'pl'} />
          <p className="cms-updated">
            {t('cms.updated')} <time dateTime={day}>{words.day(value.updated_at)}</time>
          </p>
        </div>
        {place && <CmsSideNav hierarchy={place} />}
      </div>
    </PageFrame>
  );
}
