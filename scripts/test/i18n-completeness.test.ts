/**
 * Every dictionary of the shop speaks every language in full: for each namespace (each remote's,
 * the shell's, the shared `common` and `messages`), every language has exactly the keys pl-PL
 * (the source of truth) has, none blank, with the same {placeholders}. A missing word would
 * otherwise show in English on a German or Italian page (issue #20).
 */
import { LANGUAGES } from '@kaloryfer/i18n';
import { ALL_SHARED_BUNDLES } from '@kaloryfer/i18n/locales';
import { ACCOUNT_NAMESPACE } from '../../mfe-account/src/i18n/namespace';
import { CART_NAMESPACE } from '../../mfe-cart/src/i18n/namespace';
import { CATALOG_NAMESPACE } from '../../mfe-catalog/src/i18n/namespace';
import { CHECKOUT_NAMESPACE } from '../../mfe-checkout/src/i18n/namespace';
import { CONTENT_NAMESPACE } from '../../mfe-content/src/i18n/namespace';
import { SHELL_BUNDLES } from '../../shell/src/i18n/shell-bundles';
import { SHELL_NAMESPACE } from '../../shell/src/i18n/shell-namespace';

type Dictionary = Record<string, string>;
type Loaders = Partial<Record<string, () => Promise<Dictionary>>>;

/** Dictionaries already in hand, as loaders. */
const inHand = (bundles: Record<string, Dictionary>): Loaders =>
  Object.fromEntries(Object.entries(bundles).map(([language, words]) => [language, async () => words]));
const shared = (namespace: 'common' | 'messages') =>
  inHand(Object.fromEntries(Object.entries(ALL_SHARED_BUNDLES).map(([language, bundle]) => [language, bundle[namespace]])));

const NAMESPACES: [string, Loaders][] = [
  ['common', shared('common')],
  ['messages', shared('messages')],
  [SHELL_NAMESPACE, inHand(SHELL_BUNDLES)],
  ...[CATALOG_NAMESPACE, CART_NAMESPACE, CHECKOUT_NAMESPACE, ACCOUNT_NAMESPACE, CONTENT_NAMESPACE].map(({ name, loaders }): [string, Loaders] => [
    name,
    loaders,
  ]),
];

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join(' ');

test.each(
  NAMESPACES.flatMap(([namespace, loaders]) => LANGUAGES.filter((language) => language !== 'pl-PL').map((language) => [namespace, language, loaders] as const)),
)('%s in %s has every key pl-PL has, and no other', async (namespace, language, loaders) => {
  const load = loaders[language];
  if (!load) throw new Error(`the ${namespace} namespace has no ${language} dictionary`);
  const [polish, words] = await Promise.all([loaders['pl-PL']!(), load()]);
  expect({
    missing: Object.keys(polish).filter((key) => typeof words[key] !== 'string' || !words[key].trim()),
    extra: Object.keys(words).filter((key) => !(key in polish)),
    otherPlaceholders: Object.keys(polish).filter((key) => key in words && placeholders(words[key]) !== placeholders(polish[key])),
  }).toEqual({ missing: [], extra: [], otherPlaceholders: [] });
});
