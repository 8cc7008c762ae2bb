import { $route } from '@kaloryfer/contracts';
import { useRequestStore } from '@kaloryfer/ui';
import { CmsPage } from '../cms/CmsPage';
import { AdviceArticlePage } from '../advice/AdviceArticlePage';
import { AdviceListPage } from '../advice/AdviceListPage';
import { ErrorPage } from '../status-pages/ErrorPage';
import { NotFoundPage } from '../status-pages/NotFoundPage';
import { PayLaterPage } from '../status-pages/PayLaterPage';

/** The content remote's pages by route: CMS pages, advice, and the status pages (error, not found, pay later). */
export function ContentRoutes() {
  const route = useRequestStore($route);
  switch (route.name) {
    case 'cms-page':
    case 'en-cms-page':
      return <CmsPage key={route.params.slug} slug={route.params.slug} />;
    case 'advice':
      return <AdviceListPage />;
    case 'advice-article':
      return <AdviceArticlePage slug={route.params.slug} />;
    case 'error':
      return <ErrorPage />;
    case 'placepozniej':
      return <PayLaterPage />;
    case 'page-not-found':
      return <NotFoundPage />;
    default:
      return null;
  }
}
