import { $route } from '@kaloryfer/contracts';
import { ApiFailure, PageFrame, usePageData, useRequestStore } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { resolveUrl } from '../api/catalog-api';
import { CategoryPage } from '../listing/category-page';
import { productHref } from '../product/product-links';
import { NotFoundRedirect } from './not-found-redirect';
import { Relocate } from './relocate';
import { resolvedUrlKey } from '../api/data-keys';

/**
 * Spec §2 "Unknown URLs": a path of no fixed route is looked up as a product url_path, then a
 * category url_path (GET /api/url). A category shows in place under that URL; a product moves
 * to its product route; else the shopper goes to page-not-found with nf.
 */
export function UrlDispatcher() {
  const route = useRequestStore($route);
  const { t } = useTranslation('catalog');
  const resolved = usePageData(resolvedUrlKey(route.path), (signal) => resolveUrl(route.path, signal));
  if (resolved.status === 'loading')
    return (
      <div className="page-frame" aria-busy="true">
        <div className="skeleton skeleton-heading" />
      </div>
    );
  if (resolved.status === 'error') {
    if (resolved.error instanceof ApiFailure && resolved.error.status === 404) return <NotFoundRedirect path={`${route.path}${route.search}`} />;
    return (
      <PageFrame title={t('page.unavailable')}>
        <p role="alert">{t('Something went wrong', { ns: 'messages' })}</p>
      </PageFrame>
    );
  }
  const target = resolved.value;
  // A product's page lives at its product route (where its variant goes into the address too).
  if (target.type === 'product') {
    return <Relocate to={productHref({ sku: target.parentSku, slug: target.slug }, target.childSku ?? undefined)} status={200} />;
  }
  return <CategoryPage urlPath={target.urlPath} />;
}
