import { addWords, createI18n, type I18n } from './instance';
import { setDefaultI18n, useTranslation } from './react';
import { formatPln } from './format-numbers';

export { formatNumber, formatPln } from './format-numbers';
export { formatLongDay, formatShortDay, shopDayOf, type CalendarDay } from './format-dates';
import { loadSharedBundle, POLISH_BUNDLE } from './locales/bundles';

export type { SpecMessage } from './spec-messages';
import type { SpecMessage } from './spec-messages';
import { messagesPl } from './locales/messages.pl-PL';

/**
 * Whether a text is one of the spec's messages (a server's answer the page can translate). The
 * Polish messages are on every page already and hold exactly the spec's messages (i18n.test.ts),
 * so the list itself (spec-messages.ts) stays out of the page's code.
 */
export const isSpecMessage = (text: string): text is SpecMessage => Object.prototype.hasOwnProperty.call(messagesPl, text);
export { I18nextProvider, useTranslation } from './react';
export { addWords, createI18n, fixedT, type I18n, type TFunction, type TOptions } from './instance';

export const LANGUAGES = ['pl-PL', 'en-US', 'de-DE', 'it-IT'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pl-PL';

const STORAGE_KEY = 'kaloryfer.language';
/** The shopper's language, read by the page server to write the HTML in it. */
export const LANGUAGE_COOKIE = 'kf_lang';

/** The page's one i18next instance (a Module Federation singleton, like contracts). */
export const i18n: I18n = createI18n(DEFAULT_LANGUAGE);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language | null {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage may be blocked (private mode); the cookie below still works
  }
  const cookie = globalThis.document?.cookie.match(/(?:^|;\s*)kf_lang=([^;]+)/)?.[1];
  return isLanguage(cookie) ? cookie : null;
}

let initialised: Promise<I18n> | null = null;

/**
 * Starts the instance once; later calls get the same promise. A server-rendered page names its
 * language (kf-state): the browser must speak the language the HTML was written in.
 */
export function initI18n(options: { language?: Language } = {}): Promise<I18n> {
  const language = options.language ?? storedLanguage() ?? DEFAULT_LANGUAGE;
  setDefaultI18n(i18n);
  initialised ??= (async () => {
    await i18n.changeLanguage(language); // no backend: at once
    for (const [namespace, words] of Object.entries(POLISH_BUNDLE)) addWords(i18n, 'pl-PL', namespace, words);
    await loadLanguage(language);
    syncDocumentLanguage(i18n.language);
    return i18n;
  })();
  return initialised;
}

/**
 * The languages a page in `language` reads from: the language itself and, unless it is Polish
 * (complete by construction: every other dictionary is typed against it), the en-US fallback.
 */
export function languagesFor(language: string): string[] {
  return language === DEFAULT_LANGUAGE ? [language] : [language, 'en-US'].filter((item, index, all) => all.indexOf(item) === index);
}

/** Loads the shared words of a language (and its fallback) before anything is said in it. */
async function loadLanguage(language: string): Promise<void> {
  await Promise.all(
    languagesFor(language).map(async (needed) => {
      if (i18n.hasResourceBundle(needed, 'common')) return;
      const bundle = await loadSharedBundle(needed);
      addWords(i18n, needed, 'common', bundle.common);
      addWords(i18n, needed, 'messages', bundle.messages);
    }),
  );
}

function syncDocumentLanguage(language: string): void {
  if (globalThis.document) globalThis.document.documentElement.lang = language.slice(0, 2);
}

/** A switch of language refused: some of its words could not arrive (offline, their files not kept). */
export class LanguageUnavailableError extends Error {
  constructor(
    readonly language: Language,
    readonly missing: string[],
  ) {
    super(`the words of ${language} could not be loaded (${missing.join(', ')})`);
  }
}

/**
 * Switches language and remembers it (localStorage and a first-party cookie). Every word the
 * page says is loaded first — the shared words and every registered namespace in the language
 * and its fallback — so no key is ever said bare; when some cannot arrive (offline, and the
 * service worker does not hold them), the switch is refused with LanguageUnavailableError and the
 * page keeps its language.
 */
export async function setLanguage(language: Language): Promise<void> {
  const missing: string[] = [];
  await loadLanguage(language).catch(() => missing.push('common'));
  await Promise.all(
    [...registeredNamespaces].flatMap(([namespace, loaders]) =>
      languagesFor(language).map((needed) => loadNamespace(namespace, loaders, needed).catch(() => missing.push(`${namespace} ${needed}`))),
    ),
  );
  if (missing.length > 0) throw new LanguageUnavailableError(language, missing);
  await i18n.changeLanguage(language);
  syncDocumentLanguage(language);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // ignore: the cookie keeps it
  }
  if (globalThis.document) {
    globalThis.document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  }
}

type Dictionary = Record<string, string>;
export type NamespaceLoaders = Partial<Record<Language, () => Promise<Dictionary>>> & {
  'pl-PL': () => Promise<Dictionary>;
};

/** Every namespace registered on this page, by name: a switch of language loads them all first. */
const registeredNamespaces = new Map<string, NamespaceLoaders>();

async function loadNamespace(namespace: string, loaders: NamespaceLoaders, language: string): Promise<void> {
  const loader = loaders[language as Language];
  if (!loader || i18n.hasResourceBundle(language, namespace)) return;
  addWords(i18n, language, namespace, await loader());
}

/**
 * A remote (or the shell) adds its own namespace. Dictionaries load lazily: the current
 * language (and, but for Polish, the en-US fallback) now, others when the shopper switches
 * (setLanguage loads them before the switch, so no key shows bare meanwhile), so a remote
 * ships no unused words.
 */
export async function registerNamespace(namespace: string, loaders: NamespaceLoaders): Promise<void> {
  registeredNamespaces.set(namespace, loaders);
  await initI18n();
  await Promise.all(languagesFor(i18n.language).map((language) => loadNamespace(namespace, loaders, language)));
  i18n.on('languageChanged', (language) => {
    // Offline, another language's words may not arrive: said in the console, never an unhandled rejection.
    void Promise.all(languagesFor(language).map((needed) => loadNamespace(namespace, loaders, needed))).then(
      () => i18n.emit('loaded', { [language]: [namespace] }),
      (error: unknown) => console.warn(`[i18n] ${namespace} in ${language} did not load`, error),
    );
  });
}

/** A PLN amount as the shopper's language writes it: "1 299,00 zł" in Polish (spec §1). */
export function formatPrice(amount: number, language: string = i18n.language ?? DEFAULT_LANGUAGE): string {
  return formatPln(amount, language);
}

/**
 * formatPrice in the language of the render's i18n instance: a server render has one per
 * request (the page's singleton would be shared by every request a process renders).
 */
export function useFormatPrice(): (amount: number) => string {
  const { i18n: instance } = useTranslation();
  const language = instance.language ?? DEFAULT_LANGUAGE;
  return (amount) => formatPln(amount, language);
}
