import { $route } from '@kaloryfer/contracts';
import { ApiFailure, PageFrame } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { resolveUrl } from '../api/catalog-api';
import { useAsync } from '../api/use-async';
import { CategoryPage } from '../listing/CategoryPage';
import { ProductPage } from '../product/ProductPage';
import { NotFoundRedirect } from './NotFoundRedirect';

/**
 * Spec §2 "Unknown URLs": a path of no fixed route is looked up as a product url_path, then a
 * category url_path (GET /api/url; the server's head rendering asks the same resolver); the page
 * shows in place under that URL, else the shopper goes to page-not-found with nf.
 */
export function UrlDispatcher() {
  const route = useStore($route);
  const { t } = useTranslation('catalog');
  const resolved = useAsync(`url-${route.path}`, (signal) => resolveUrl(route.path, signal));
  if (resolved.status === 'loading') return <div className="page-frame" aria-busy="true"><div className="skeleton skeleton-heading" /></div>;
  if (resolved.status === 'error') {
    if (resolved.error instanceof ApiFailure && resolved.error.status === 404) return <NotFoundRedirect path={`${route.path}${route.search}`} />;
    return <PageFrame title={t('page.unavailable')}><p role="alert">{t('Something went wrong', { ns: 'messages' })}</p></PageFrame>;
  }
  const target = resolved.value;
  if (target.type === 'product') return <ProductPage parentSku={target.parentSku} childSku={target.childSku ?? undefined} />;
  return <CategoryPage urlPath={target.urlPath} />;
}
