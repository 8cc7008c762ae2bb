import { linkTo, type PageHead, type RouteState } from '@kaloryfer/contracts';
import type { CmsPage } from '@kaloryfer/api-contract';
import type { PageData } from '@kaloryfer/ui';
import { cmsPageKey } from './cms-api';

/**
 * The head of a CMS page beyond its title and description (docs/seo.md): its address, `/i/{slug}`
 * — also for spec §2's `/en/i/{slug}`, the same page, which the page server writes as
 * `/i/{slug}?lang=en`. Written by the server render from the page it drew; nothing when the page
 * is not found (it is then the not-found page's, a 404).
 */
export function cmsHead({ route, data, origin }: { route: RouteState; data: PageData; origin: string }): PageHead {
  if (route.name !== 'cms-page' && route.name !== 'en-cms-page') return {};
  const entry = data.peek(cmsPageKey(route.params.slug));
  if (!entry || !('value' in entry)) return {};
  const page = entry.value as CmsPage;
  return { canonical: origin + linkTo({ name: 'cms-page', slug: page.identifier }) };
}
