import i18next, { type i18n as I18next } from 'i18next';

/**
 * The shop's i18next (docs/i18n.md): one instance per page in the browser, one per language on
 * the server (clones sharing one resource store). The options say how the shop writes its words:
 *
 * - keys are plain text — a spec message is its own English key, a word key has dots — so
 *   neither keys nor namespaces are split (`keySeparator`, `nsSeparator`: false);
 * - placeholders are written `{name}`, as the spec writes them; a value is never HTML-escaped
 *   (React escapes what it renders); a placeholder with no value stays as written;
 * - a language falls back to en-US, and only to it (`load: 'currentOnly'`: no `pl` step between
 *   `pl-PL` and the fallback); plurals by `Intl.PluralRules` (`key_one`, `key_few`, …);
 * - no backend: dictionaries are added by the shop (`addWords`) before anything is said in them,
 *   so `init` and `changeLanguage` finish at once (`initAsync: false`, resources given).
 */
export type I18n = I18next;

/** `t` as the shop calls it: a key and, optionally, values and i18next's options. */
export interface TOptions {
  ns?: string | null;
  count?: number;
  lng?: string;
  defaultValue?: string;
  [value: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;

export const FALLBACK_LANGUAGE = 'en-US';
export const DEFAULT_NAMESPACE = 'common';

/** A word key (`thankYou.offline.title`), as against a sentence used as its own key (the spec's messages). */
const WORD_KEY = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;
const MISSING_KEPT = 100;

/**
 * A word key said with no words in the language or its fallback is shown bare: each is noted in
 * `globalThis.__KALORYFER_MISSING_WORDS__` (`<language> <namespace>:<key>`, the first 100), so the
 * e2e journeys — offline, in every language — can say that none was. A key said with a
 * `defaultValue` is not missing: the caller said what to show.
 */
function recordMissingWord(languages: readonly string[], namespace: string, key: string, options: TOptions | undefined): void {
  if (!WORD_KEY.test(key) || options?.defaultValue !== undefined) return;
  const holder = globalThis as { __KALORYFER_MISSING_WORDS__?: string[] };
  const missing = (holder.__KALORYFER_MISSING_WORDS__ ??= []);
  const entry = `${languages[0]} ${namespace}:${key}`;
  if (missing.length < MISSING_KEPT && !missing.includes(entry)) missing.push(entry);
}

/** A new i18next instance with the shop's options, speaking `language`. */
export function createI18n(language: string): I18n {
  const instance = i18next.createInstance({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'currentOnly',
    defaultNS: DEFAULT_NAMESPACE,
    ns: [DEFAULT_NAMESPACE],
    resources: {},
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    // "Missing" is reported through i18next's own hook: the first language asked, once per key.
    saveMissing: true,
    saveMissingTo: 'current',
    saveMissingPlurals: false,
    missingKeyHandler: (languages, namespace, key, _fallback, _update, options) =>
      recordMissingWord(languages, namespace, key, options as TOptions | undefined),
  });
  void instance.init();
  return instance;
}

/**
 * Adds a dictionary of one language and namespace. Words already there are kept (`deep`, no
 * overwrite): a namespace is added once per language anyway, and a late copy never replaces the
 * words a page has rendered with. Not copied first (`skipCopy`): the shop's dictionaries are
 * never changed after they are loaded, and a copy would cost the phone's main thread.
 */
export function addWords(instance: I18n, language: string, namespace: string, words: Record<string, string>): void {
  instance.addResourceBundle(language, namespace, words, true, false, { skipCopy: true });
}

/**
 * `t` fixed to a language and namespace, as the shop calls it: what i18next's `getFixedT` does
 * (a call's own `lng` or `ns` wins), without the copy of every i18next option that `getFixedT`'s
 * function makes on each call (for key selectors the shop does not use), and with nesting off
 * (`nest: false`: no word of the shop refers to another, and a `$t(…)` in a word is text) — the
 * two made a word ~11–16 µs instead of ~3–6 on the server, where a page says hundreds.
 */
export function fixedT(instance: I18n, language: string, namespace: string | null): TFunction {
  const t = instance.t.bind(instance) as unknown as TFunction;
  return (key, options) => t(key, { ...options, lng: options?.lng || language, ns: options?.ns || namespace || undefined, nest: false });
}
