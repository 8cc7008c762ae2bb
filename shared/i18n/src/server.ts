import i18next, { type i18n as I18n } from 'i18next';
import { I18N_OPTIONS, LANGUAGES, type Language, type NamespaceLoaders } from './index';
import { SHARED_BUNDLES } from './locales/bundles';

type Dictionary = Record<string, string>;

/**
 * i18n for server renders. One process renders many requests at once, in different languages,
 * so the page's singleton instance cannot be used: one base instance holds every dictionary and
 * each request gets a clone in its own language (clones share the dictionaries, not the
 * language).
 */
export class ServerI18n {
  private readonly base: I18n;
  private readonly namespaces = new Set<string>();

  constructor() {
    this.base = i18next.createInstance();
    void this.base.init({
      ...I18N_OPTIONS,
      supportedLngs: [...LANGUAGES],
      lng: 'pl-PL',
      resources: SHARED_BUNDLES as unknown as Record<string, Record<string, Dictionary>>,
      initAsync: false,
    });
  }

  /** Loads a remote's namespace in every language it has (once). */
  async addNamespace(name: string, loaders: NamespaceLoaders): Promise<void> {
    if (this.namespaces.has(name)) return;
    this.namespaces.add(name);
    await Promise.all(Object.entries(loaders).map(async ([language, load]) => {
      if (load) this.base.addResourceBundle(language, name, await load(), true, false);
    }));
  }

  /** Adds dictionaries already in hand (the shell's own namespace). */
  addBundles(name: string, bundles: Partial<Record<Language, Dictionary>>): void {
    this.namespaces.add(name);
    for (const [language, dictionary] of Object.entries(bundles)) this.base.addResourceBundle(language, name, dictionary, true, false);
  }

  /** An instance for one request. */
  forLanguage(language: Language): I18n {
    return this.base.cloneInstance({ lng: language, initAsync: false });
  }
}
