import { addWords, createI18n, type I18n } from './instance';
import type { Language, NamespaceLoaders } from './index';
import { ALL_SHARED_BUNDLES } from './locales/all-bundles';

type Dictionary = Record<string, string>;

/**
 * i18n for server renders. One process renders many requests at once, in different languages,
 * so the page's singleton instance (whose language a shopper switches) cannot be used: one base
 * instance holds every dictionary and each language has its own clone (clones share the
 * dictionaries, not the language), which every request in that language uses.
 */
export class ServerI18n {
  private readonly base: I18n;
  private readonly namespaces = new Set<string>();
  private readonly byLanguage = new Map<Language, I18n>();

  constructor() {
    this.base = createI18n('pl-PL');
    for (const [language, bundle] of Object.entries(ALL_SHARED_BUNDLES)) {
      for (const [namespace, words] of Object.entries(bundle)) addWords(this.base, language, namespace, words as Dictionary);
    }
  }

  /** Loads a remote's namespace in every language it has (once). */
  async addNamespace(name: string, loaders: NamespaceLoaders): Promise<void> {
    if (this.namespaces.has(name)) return;
    this.namespaces.add(name);
    await Promise.all(
      Object.entries(loaders).map(async ([language, load]) => {
        if (load) addWords(this.base, language, name, await load());
      }),
    );
  }

  /** Adds dictionaries already in hand (the shell's own namespace). */
  addBundles(name: string, bundles: Partial<Record<Language, Dictionary>>): void {
    this.namespaces.add(name);
    for (const [language, dictionary] of Object.entries(bundles)) if (dictionary) addWords(this.base, language, name, dictionary);
  }

  /**
   * The instance for a language. Requests share it: it only translates (nobody changes its
   * language), and making one per request was the page server's largest cost.
   */
  forLanguage(language: Language): I18n {
    let instance = this.byLanguage.get(language);
    if (!instance) {
      instance = this.base.cloneInstance({ lng: language });
      this.byLanguage.set(language, instance);
    }
    return instance;
  }
}
