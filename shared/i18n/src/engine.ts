/**
 * The shop's translator: the part of i18next the shop used, in ~120 lines instead of ~50 KB
 * (15.7 KB gzipped, and ~100 ms of a phone's main thread per page load at 4× CPU slowdown, on
 * the shell's eager path). What it does, as i18next did with the shop's options (keys are plain
 * text: no key or namespace separators; placeholders are written `{name}`, as in the spec):
 *
 * - `t(key, {ns, count, lng, defaultValue, ...values})`: the first of, for each language of the
 *   chain (the language, then the fallback en-US), `key_<plural form>` (with a numeric `count`,
 *   the form the language's `Intl.PluralRules` picks) then `key`; else `defaultValue`; else the
 *   key itself (a spec message is its own English text). Then `{name}` is replaced by the value
 *   named (null and undefined by nothing); a placeholder with no value is left as written.
 * - Dictionaries per language and namespace, added once (`addResourceBundle` keeps words already
 *   there), shared by the instances cloned from one (the server's one instance per language).
 * - Events: `languageChanged`, `added`, `loaded` — what the React hook listens to.
 */
type Dictionary = Record<string, string>;
type Listener = (...args: never[]) => void;

export interface TOptions {
  ns?: string | null;
  count?: number;
  lng?: string;
  defaultValue?: string;
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export interface TranslatorOptions {
  language: string;
  fallbackLanguage: string;
  defaultNS: string;
}

class Dictionaries {
  readonly byLanguage = new Map<string, Map<string, Dictionary>>();
  readonly listeners = new Set<(language: string, namespace: string) => void>();
}

const PLACEHOLDER = /\{(.+?)\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const key = name.trim();
    if (!(key in values)) return placeholder;
    const value = values[key];
    return value === null || value === undefined ? '' : String(value);
  });
}

/** A word key (`thankYou.offline.title`), as against a sentence used as its own key (the spec's messages). */
const WORD_KEY = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;
const MISSING_KEPT = 100;

/**
 * A key said with no words in the language or its fallback is shown bare: each is noted in
 * `globalThis.__KALORYFER_MISSING_WORDS__` (`<language> <namespace>:<key>`, the first 100), so the
 * e2e journeys — offline, in every language — can say that none was.
 */
function recordMissingWord(language: string, namespace: string, key: string): void {
  if (!WORD_KEY.test(key)) return;
  const holder = globalThis as { __KALORYFER_MISSING_WORDS__?: string[] };
  const missing = (holder.__KALORYFER_MISSING_WORDS__ ??= []);
  const entry = `${language} ${namespace}:${key}`;
  if (missing.length < MISSING_KEPT && !missing.includes(entry)) missing.push(entry);
}

export class Translator {
  language: string;
  readonly options: Readonly<TranslatorOptions>;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    options: TranslatorOptions,
    private readonly dictionaries = new Dictionaries(),
  ) {
    this.options = options;
    this.language = options.language;
  }

  /** Another language on the same dictionaries (a server render's instance per language). */
  cloneInstance({ lng }: { lng: string }): Translator {
    return new Translator({ ...this.options, language: lng }, this.dictionaries);
  }

  /** The languages a lookup in `language` walks: it, then the fallback. */
  private chain(language: string): string[] {
    return language === this.options.fallbackLanguage ? [language] : [language, this.options.fallbackLanguage];
  }

  private lookup(language: string, namespace: string, key: string, count: unknown): string | undefined {
    for (const code of this.chain(language)) {
      const words = this.dictionaries.byLanguage.get(code)?.get(namespace);
      if (!words) continue;
      if (typeof count === 'number') {
        const plural = words[`${key}_${pluralForm(code, count)}`];
        if (plural !== undefined) return plural;
      }
      if (words[key] !== undefined) return words[key];
    }
    return undefined;
  }

  t: TFunction = (key, options) => this.getFixedT(options?.lng ?? this.language, null)(key, options);

  /** `t` for one language and default namespace. */
  getFixedT(language: string, namespace: string | null): TFunction {
    return (key, options) => {
      const lng = options?.lng ?? language;
      const ns = options?.ns ?? namespace ?? this.options.defaultNS;
      const found = this.lookup(lng, ns, key, options?.count);
      if (found === undefined && options?.defaultValue === undefined) recordMissingWord(lng, ns, key);
      return interpolate(found ?? options?.defaultValue ?? key, options);
    };
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return this.dictionaries.byLanguage.get(language)?.has(namespace) ?? false;
  }

  /** Adds a dictionary; words already there are kept (a namespace is added once per language anyway). */
  addResourceBundle(language: string, namespace: string, words: Dictionary): this {
    let namespaces = this.dictionaries.byLanguage.get(language);
    if (!namespaces) this.dictionaries.byLanguage.set(language, (namespaces = new Map()));
    namespaces.set(namespace, { ...words, ...namespaces.get(namespace) });
    for (const listener of this.dictionaries.listeners) listener(language, namespace);
    return this;
  }

  async changeLanguage(language: string): Promise<TFunction> {
    this.language = language;
    this.emit('languageChanged', language);
    return this.t;
  }

  on(event: 'languageChanged', listener: (language: string) => void): this;
  on(event: 'added', listener: (language: string, namespace: string) => void): this;
  on(event: 'loaded', listener: (loaded: Record<string, string[]>) => void): this;
  on(event: string, listener: Listener): this {
    if (event === 'added') this.dictionaries.listeners.add(listener as (language: string, namespace: string) => void);
    else {
      let set = this.listeners.get(event);
      if (!set) this.listeners.set(event, (set = new Set()));
      set.add(listener);
    }
    return this;
  }

  off(event: string, listener: Listener): this {
    if (event === 'added') this.dictionaries.listeners.delete(listener as (language: string, namespace: string) => void);
    else this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...values: unknown[]) => void)(...args);
  }
}
