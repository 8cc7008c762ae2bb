/**
 * The shell's header launchers (shell/src/layout/widget-launcher.tsx) stand in for the widgets
 * until their remotes load: a shopper, a screen reader or a test that names a button by its words
 * must find the same name before and after. Each launcher's words equal what its widget says for
 * a first visitor (nothing in the cart, nothing on the wishlist, nobody signed in), in every language.
 */
import { LANGUAGES, type Language } from '@kaloryfer/i18n';
import { ACCOUNT_NAMESPACE } from '../../mfe-account/src/i18n/namespace';
import { CART_NAMESPACE } from '../../mfe-cart/src/i18n/namespace';
import { CATALOG_NAMESPACE } from '../../mfe-catalog/src/i18n/namespace';
import { SHELL_BUNDLES } from '../../shell/src/i18n/shell-bundles';

type Dictionary = Record<string, string>;
const words = async (namespace: { loaders: Partial<Record<string, () => Promise<Dictionary>>> }, language: Language) => namespace.loaders[language]!();

/** `key` counted as 0, the way the widgets' i18n picks the plural form. */
const countOfZero = (dictionary: Dictionary, key: string, language: Language) =>
  dictionary[`${key}_${new Intl.PluralRules(language).select(0)}`].replace('{count}', '0');

test.each(LANGUAGES)('the launchers in %s say what the widgets say to a first visitor', async (language) => {
  const [cart, account, catalog] = await Promise.all([words(CART_NAMESPACE, language), words(ACCOUNT_NAMESPACE, language), words(CATALOG_NAMESPACE, language)]);
  const shell: Dictionary = SHELL_BUNDLES[language];
  expect({
    search: shell['launcher.search'],
    account: shell['launcher.account'],
    wishlist: shell['launcher.wishlist'],
    minicart: shell['launcher.minicart'],
  }).toEqual({
    search: catalog['search.open'],
    account: account['account.login'],
    wishlist: `${account['wishlist.button']}: ${countOfZero(account, 'wishlist.count', language)}`,
    minicart: `${cart['minicart.open']}: ${countOfZero(cart, 'minicart.count', language)}`,
  });
});
