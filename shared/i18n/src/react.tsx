import { fixedT, type I18n, type TFunction } from './instance';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';

/**
 * React's side of the shop's i18next: the two things its components use — a provider naming the
 * instance and default namespace, and `useTranslation(ns)` giving `t` and the instance (the
 * names and shapes of react-i18next's). A thin layer in place of react-i18next (~10 KB gz more
 * on every first visit, and a check of every namespace's loading state on every render of every
 * component that translates): the shop's dictionaries are loaded before anything renders
 * (initI18n, registerNamespace), so a component only needs to hear when the language changes or
 * words arrive.
 */
interface I18nContextValue {
  i18n: I18n;
  defaultNS?: string;
}

const I18nContext = createContext<I18nContextValue | null>(null);

/** The instance's revision: bumped when its language changes or dictionaries are added. */
const revisions = new WeakMap<I18n, { value: number; listeners: Set<() => void> }>();

function revisionOf(instance: I18n) {
  let revision = revisions.get(instance);
  if (!revision) {
    const created = { value: 0, listeners: new Set<() => void>() };
    const bump = () => {
      created.value += 1;
      for (const listener of created.listeners) listener();
    };
    instance.on('languageChanged', bump);
    instance.on('loaded', bump);
    instance.store.on('added', bump); // the store is shared by an instance's clones
    revisions.set(instance, created);
    revision = created;
  }
  return revision;
}

export function I18nextProvider({ i18n, defaultNS, children }: { i18n: I18n; defaultNS?: string; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n, defaultNS }), [i18n, defaultNS]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

let fallbackInstance: I18n | null = null;

/** The instance components use outside any provider (the page's singleton). */
export function setDefaultI18n(instance: I18n): void {
  fallbackInstance = instance;
}

export function useTranslation(namespace?: string): { t: TFunction; i18n: I18n } {
  const context = useContext(I18nContext);
  const instance = context?.i18n ?? fallbackInstance;
  if (!instance) throw new Error('useTranslation needs an I18nextProvider or initI18n()');
  const revision = revisionOf(instance);
  const version = useSyncExternalStore(
    (listener) => {
      revision.listeners.add(listener);
      return () => revision.listeners.delete(listener);
    },
    () => revision.value,
    () => revision.value,
  );
  const ns = namespace ?? context?.defaultNS;
  const language = instance.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version stands for the instance's dictionaries
  const t = useMemo(() => fixedT(instance, language, ns ?? null), [instance, language, ns, version]);
  return { t, i18n: instance };
}
