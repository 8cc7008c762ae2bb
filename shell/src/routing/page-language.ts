import { LANGUAGE_PARAM, languageOfQuery, localizedPath, SEO_LANGUAGES, type Hreflang, type RouteMatch } from '@kaloryfer/contracts';
import { isLanguage, type Language } from '@kaloryfer/i18n';

/**
 * Which language a page is in (docs/seo.md): the page server renders it so, and the browser
 * asks the same when it meets its own stored copy of a page. The language the address names
 * (`?lang=de`, shared/contracts' seo-urls.ts), then English for spec §2's `/en/…` routes, then
 * the shopper's choice (the `kf_lang` cookie), then Polish. An unknown `lang` names nothing.
 */
const ENGLISH_ROUTES = new Set(['en-checkout', 'en-my-account', 'en-cms-page']);

export function isEnglishRoute(route: Pick<RouteMatch, 'name'>): boolean {
  return ENGLISH_ROUTES.has(route.name);
}

/** The language an address names, if any: its `?lang=`, else English for an `/en/…` route. */
export function addressLanguage(search: string, route: Pick<RouteMatch, 'name'>): Language | null {
  return languageOfQuery(search) ?? (isEnglishRoute(route) ? 'en-US' : null);
}

export function pageLanguage(search: string, route: Pick<RouteMatch, 'name'>, cookie: string | null | undefined): Language {
  return addressLanguage(search, route) ?? (isLanguage(cookie) ? cookie : 'pl-PL');
}

export const hreflangOf = (language: string): Hreflang => SEO_LANGUAGES.find((entry) => entry.language === language)?.hreflang ?? 'pl';

/**
 * `target` (path, query, fragment) naming a language: `lang` appended, not the query re-serialised,
 * so the rest stays as its page wrote it (a listing's `sort=price:asc`).
 */
function naming(target: string, hreflang: Hreflang): string {
  const [pathAndQuery, hash = ''] = target.split(/(?=#)/, 2);
  return `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${hreflang}${hash}`;
}

/**
 * The address after the shopper switched to `language` on a page whose address names one: the
 * same page naming the new one (Polish too, `lang=pl`: an address that named a language keeps
 * naming one), so a reload or a shared link shows what they chose. An address naming none is
 * left as it is — the cookie speaks for it.
 */
export function addressAfterSwitch(path: string, search: string, hash: string, language: string): string | null {
  return languageOfQuery(search) ? naming(localizedPath(path + search, 'pl') + hash, hreflangOf(language)) : null;
}

/**
 * Where an in-app navigation goes (`target`: path, query, fragment) from a page whose address
 * names its language: there too, unless the target names one itself. The page keeps its language
 * on in-app navigations anyway; this keeps the address saying so, for a reload or a shared link.
 */
export function keepingAddressLanguage(target: string, currentSearch: string): string {
  const named = languageOfQuery(currentSearch);
  return named && !new URLSearchParams(target.split('#')[0].split('?')[1]).has(LANGUAGE_PARAM) ? naming(target, hreflangOf(named)) : target;
}
