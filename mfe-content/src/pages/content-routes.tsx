import { $route, linkTo } from '@kaloryfer/contracts';
import { PageFrame, useRequestStore } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { CMS_PAGES } from './cms-pages';

export function ContentRoutes() {
  const { t } = useTranslation('content');
  const route = useRequestStore($route);
  switch (route.name) {
    case 'cms-page':
    case 'en-cms-page': {
      const known = CMS_PAGES.includes(route.params.slug);
      return <PageFrame title={known ? t(`cms.title.${route.params.slug}`) : t('cms.fallbackTitle')} />;
    }
    case 'advice':
      return <PageFrame title={t('advice.title')} lead={t('advice.lead')} />;
    case 'advice-article':
      return <PageFrame title={t('advice.article')} crumbs={[{ label: t('advice.title'), intent: { name: 'advice' } }]} />;
    case 'error':
      return (
        <PageFrame title={t('error.title')}>
          <p role="alert">{t('Something went wrong', { ns: 'messages' })}</p>
          <a className="button" href={linkTo({ name: 'home' })}>{t('error.home')}</a>
        </PageFrame>
      );
    case 'placepozniej':
      return <PageFrame title={t('later.title')} />;
    case 'page-not-found': {
      const missing = new URLSearchParams(route.search).get('nf') ?? '';
      return (
        <PageFrame title={t('notFound.title')} lead={t('404 page not found', { ns: 'messages' })}>
          {missing && <p>{t('notFound.path', { path: missing })}</p>}
          <p>{t('notFound.hint')}</p>
          <a className="button" href={linkTo({ name: 'home' })}>{t('error.home')}</a>
        </PageFrame>
      );
    }
    default:
      return null;
  }
}
