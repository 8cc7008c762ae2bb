/**
 * One address per page and language, for search engines (issue #50, docs/seo.md): the shop
 * picks a shopper's language from the `kf_lang` cookie, which a crawler does not keep, so every
 * language's version of a page has a URL of its own. Polish — the shop's language, and the
 * `x-default` — is the plain path; the others add `lang=en`, `lang=de` or `lang=it` to its query.
 * The same scheme writes the pages' canonical and hreflang links and the sitemaps' alternates.
 */
export const SEO_LANGUAGES = [
  { hreflang: 'pl', language: 'pl-PL' },
  { hreflang: 'en', language: 'en-US' },
  { hreflang: 'de', language: 'de-DE' },
  { hreflang: 'it', language: 'it-IT' },
] as const;
export type Hreflang = (typeof SEO_LANGUAGES)[number]['hreflang'];
export type SeoLanguage = (typeof SEO_LANGUAGES)[number]['language'];

/** The query parameter that names a page's language. */
export const LANGUAGE_PARAM = 'lang';

/** A path (with its own query, if any) in a language: `/p/KF-1/grzejnik` → `/p/KF-1/grzejnik?lang=en`; Polish unchanged. */
export function localizedPath(path: string, hreflang: Hreflang): string {
  const [pathname, query = ''] = path.split('?', 2);
  const params = new URLSearchParams(query);
  params.delete(LANGUAGE_PARAM);
  if (hreflang !== 'pl') params.set(LANGUAGE_PARAM, hreflang);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The language a request's query names (`?lang=de` → de-DE); null when it names none the shop has. */
export function languageOfQuery(search: string): SeoLanguage | null {
  const named = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(LANGUAGE_PARAM);
  return SEO_LANGUAGES.find((entry) => entry.hreflang === named)?.language ?? null;
}

/** A page's alternates in every language, plus `x-default` (the Polish page), as `<link rel="alternate">` and sitemaps list them. */
export function languageAlternates(origin: string, path: string): { hreflang: Hreflang | 'x-default'; href: string }[] {
  return [
    ...SEO_LANGUAGES.map((entry) => ({ hreflang: entry.hreflang, href: origin + localizedPath(path, entry.hreflang) })),
    { hreflang: 'x-default' as const, href: origin + localizedPath(path, 'pl') },
  ];
}
