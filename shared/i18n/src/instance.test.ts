import { addWords, createI18n, fixedT, type TOptions } from './instance';
import { LANGUAGES } from './index';

/**
 * What the shop's words do, on i18next with the shop's options (instance.ts). The table is the
 * one the shop's own translator was held to before i18next took its place again (issue #38),
 * plus Polish plural forms and a missing key in each language.
 */
function shopI18n(language = 'pl-PL') {
  const created = createI18n(language);
  addWords(created, 'pl-PL', 'common', {
    a: 'Ala {x} ma {y}',
    cats_one: '{count} kot',
    cats_few: '{count} koty',
    cats_many: '{count} kotów',
    plain: 'bez liczby',
    nested: 'Zobacz $t(plain)',
  });
  addWords(created, 'en-US', 'common', { english: 'English {count}', cats_one: '{count} cat', cats_other: '{count} cats', q: 'Q {count}' });
  addWords(created, 'pl-PL', 'messages', { 'Out of stock': 'Brak w magazynie' });
  return created;
}

test.each<[string, string, TOptions | undefined, string]>([
  ['a placeholder with its value; one without a value stays as written', 'a', { x: 1 }, 'Ala 1 ma {y}'],
  ['null and undefined say nothing', 'a', { x: null, y: undefined }, 'Ala  ma '],
  ['Polish plural forms: 0 → many', 'cats', { count: 0 }, '0 kotów'],
  ['1 → one', 'cats', { count: 1 }, '1 kot'],
  ['2 → few', 'cats', { count: 2 }, '2 koty'],
  ['3 → few', 'cats', { count: 3 }, '3 koty'],
  ['5 → many', 'cats', { count: 5 }, '5 kotów'],
  ['12 → many (not few: the teens)', 'cats', { count: 12 }, '12 kotów'],
  ['22 → few', 'cats', { count: 22 }, '22 koty'],
  ['25 → many', 'cats', { count: 25 }, '25 kotów'],
  ['a fraction: Polish "other", missing → the fallback language in its own form', 'cats', { count: 2.5 }, '2.5 cats'],
  ['a plain word with a count', 'plain', { count: 3 }, 'bez liczby'],
  ['a word only English has', 'english', { count: 3 }, 'English 3'],
  ['English plain word with a count', 'q', { count: 1 }, 'Q 1'],
  ['a missing word: the key itself (a spec message is its English text), with its values', 'missing {x}', { x: 2 }, 'missing 2'],
  ['a missing word with a default value', 'nope', { defaultValue: 'D {v}', v: 7 }, 'D 7'],
  ['another namespace', 'Out of stock', { ns: 'messages' }, 'Brak w magazynie'],
  ['a namespace without the word', 'a', { ns: 'other' }, 'a'],
  ['another language for one call', 'cats', { count: 5, lng: 'en-US' }, '5 cats'],
  ['no values: placeholders stay', 'english', undefined, 'English {count}'],
  ['spaces inside braces', '{ x }', { x: 's' }, 's'],
  ['a value is never HTML-escaped (React escapes what it renders)', 'missing {x}', { x: '<b>&' }, 'missing <b>&'],
  ['a colon and a dot in a key split nothing', 'Uwaga: koniec.', undefined, 'Uwaga: koniec.'],
  ['nesting is off: $t(…) in a word is text', 'nested', undefined, 'Zobacz $t(plain)'],
])('%s', (_, key, options, expected) => {
  expect(fixedT(shopI18n(), 'pl-PL', null)(key, options)).toBe(expected);
});

test('the instance is i18next (its own API), not a copy of it', () => {
  const i18n = shopI18n();
  expect(typeof i18n.use).toBe('function');
  expect(i18n.isInitialized).toBe(true);
  expect(i18n.options.fallbackLng).toEqual(['en-US']);
});

test('a word already there is kept when a dictionary is added again; a new word is added', () => {
  const i18n = shopI18n();
  addWords(i18n, 'pl-PL', 'common', { plain: 'inne', added: 'nowe' });
  expect([i18n.t('plain'), i18n.t('added')]).toEqual(['bez liczby', 'nowe']);
  expect(i18n.hasResourceBundle('pl-PL', 'messages')).toBe(true);
  expect(i18n.hasResourceBundle('de-DE', 'messages')).toBe(false);
});

test('clones share the dictionaries, not the language; a fixed t keeps its language and namespace', async () => {
  const base = shopI18n();
  const english = base.cloneInstance({ lng: 'en-US' });
  addWords(base, 'en-US', 'common', { later: 'Later' });
  expect([base.language, english.language]).toEqual(['pl-PL', 'en-US']);
  expect(english.t('later')).toBe('Later');
  expect(english.t('cats', { count: 2 })).toBe('2 cats');
  expect(base.t('cats', { count: 2 })).toBe('2 koty');
  expect(fixedT(base, 'pl-PL', 'messages')('cats', { ns: 'common', count: 2 })).toBe('2 koty'); // a call's own namespace wins
  expect(fixedT(base, 'pl-PL', 'common')('cats', { lng: 'en-US', count: 2 })).toBe('2 cats'); // and its own language
  const messages = fixedT(base, 'pl-PL', 'messages');
  await base.changeLanguage('en-US');
  expect(messages('Out of stock')).toBe('Brak w magazynie');
  expect(english.language).toBe('en-US');
});

test('listeners hear a language change and added words, on every instance of the dictionaries', async () => {
  const base = shopI18n();
  const clone = base.cloneInstance({ lng: 'de-DE' });
  const heard: string[] = [];
  base.on('languageChanged', (language: string) => heard.push(`language ${language}`));
  clone.store.on('added', (language: string, namespace: string) => heard.push(`added ${language} ${namespace}`));
  await base.changeLanguage('en-US');
  addWords(base, 'it-IT', 'demo', { x: 'y' });
  expect(heard).toEqual(['language en-US', 'added it-IT demo']);
  expect(base.language).toBe('en-US');
});

describe('a missing word key is noted (for the journeys that check no key is ever shown bare)', () => {
  const holder = globalThis as { __KALORYFER_MISSING_WORDS__?: string[] };
  beforeEach(() => delete holder.__KALORYFER_MISSING_WORDS__);
  afterAll(() => delete holder.__KALORYFER_MISSING_WORDS__);

  test.each(LANGUAGES)('in %s: shown as its key, noted once; a sentence used as a key and a word with a default are not', (language) => {
    const i18n = createI18n(language);
    addWords(i18n, language, 'common', { 'thankYou.title': 'Thank you' });
    expect(i18n.t('thankYou.title')).toBe('Thank you');
    expect(i18n.t('thankYou.offline.title')).toBe('thankYou.offline.title');
    expect(i18n.t('thankYou.offline.title')).toBe('thankYou.offline.title');
    expect(i18n.t('Order waiting!')).toBe('Order waiting!');
    expect(i18n.t('cart.empty', { defaultValue: 'Empty' })).toBe('Empty');
    expect(i18n.t('cart.count', { count: 3 })).toBe('cart.count');
    expect(holder.__KALORYFER_MISSING_WORDS__).toEqual([`${language} common:thankYou.offline.title`, `${language} common:cart.count`]);
  });

  test('a word the fallback has is not missing', () => {
    const i18n = createI18n('de-DE');
    addWords(i18n, 'en-US', 'common', { 'cart.title': 'Cart' });
    expect(i18n.t('cart.title')).toBe('Cart');
    expect(holder.__KALORYFER_MISSING_WORDS__).toBeUndefined();
  });
});
