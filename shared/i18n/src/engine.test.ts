import { Translator } from './engine';

/**
 * The translator does what i18next did with the shop's options (the expectations below were
 * read from i18next 26 with the same dictionaries before it was replaced).
 */
function translator(language = 'pl-PL') {
  const created = new Translator({ language, fallbackLanguage: 'en-US', defaultNS: 'common' });
  created.addResourceBundle('pl-PL', 'common', {
    a: 'Ala {x} ma {y}',
    cats_one: '{count} kot',
    cats_few: '{count} koty',
    cats_many: '{count} kotów',
    plain: 'bez liczby',
  });
  created.addResourceBundle('en-US', 'common', { english: 'English {count}', cats_one: '{count} cat', cats_other: '{count} cats', q: 'Q {count}' });
  created.addResourceBundle('pl-PL', 'messages', { 'Out of stock': 'Brak w magazynie' });
  return created;
}

test.each([
  ['a placeholder with its value; one without a value stays as written', 'a', { x: 1 }, 'Ala 1 ma {y}'],
  ['null and undefined say nothing', 'a', { x: null, y: undefined }, 'Ala  ma '],
  ['Polish plural forms: 0 → many', 'cats', { count: 0 }, '0 kotów'],
  ['1 → one', 'cats', { count: 1 }, '1 kot'],
  ['3 → few', 'cats', { count: 3 }, '3 koty'],
  ['22 → few, 25 → many', 'cats', { count: 25 }, '25 kotów'],
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
] as const)('%s', (_, key, options, expected) => {
  expect(translator().t(key, options as never)).toBe(expected);
});

test('a word already there is kept when a dictionary is added again; a new word is added', () => {
  const i18n = translator();
  i18n.addResourceBundle('pl-PL', 'common', { plain: 'inne', added: 'nowe' });
  expect([i18n.t('plain'), i18n.t('added')]).toEqual(['bez liczby', 'nowe']);
  expect(i18n.hasResourceBundle('pl-PL', 'messages')).toBe(true);
  expect(i18n.hasResourceBundle('de-DE', 'messages')).toBe(false);
});

test('clones share the dictionaries, not the language; a fixed t keeps its language and namespace', () => {
  const base = translator();
  const english = base.cloneInstance({ lng: 'en-US' });
  base.addResourceBundle('en-US', 'common', { later: 'Later' });
  expect([base.language, english.language]).toEqual(['pl-PL', 'en-US']);
  expect(english.t('later')).toBe('Later');
  expect(english.t('cats', { count: 2 })).toBe('2 cats');
  expect(base.t('cats', { count: 2 })).toBe('2 koty');
  const messages = base.getFixedT('pl-PL', 'messages');
  void base.changeLanguage('en-US');
  expect(messages('Out of stock')).toBe('Brak w magazynie');
});

test('listeners hear a language change and added words, on every instance of the dictionaries', async () => {
  const base = translator();
  const clone = base.cloneInstance({ lng: 'de-DE' });
  const heard: string[] = [];
  base.on('languageChanged', (language) => heard.push(`language ${language}`));
  clone.on('added', (language, namespace) => heard.push(`added ${language} ${namespace}`));
  await base.changeLanguage('en-US');
  base.addResourceBundle('it-IT', 'demo', { x: 'y' });
  expect(heard).toEqual(['language en-US', 'added it-IT demo']);
  expect(base.language).toBe('en-US');
});

test('a word key said with no words is noted (for the journeys that check no key is ever shown bare); sentences used as keys are not', () => {
  const holder = globalThis as { __KALORYFER_MISSING_WORDS__?: string[] };
  delete holder.__KALORYFER_MISSING_WORDS__;
  const translator = new Translator({ language: 'en-US', fallbackLanguage: 'en-US', defaultNS: 'common' });
  translator.addResourceBundle('en-US', 'common', { 'thankYou.title': 'Thank you' });
  expect(translator.t('thankYou.title')).toBe('Thank you');
  expect(translator.t('thankYou.offline.title')).toBe('thankYou.offline.title');
  expect(translator.t('Order waiting!')).toBe('Order waiting!');
  expect(translator.t('cart.empty', { defaultValue: 'Empty' })).toBe('Empty');
  expect(holder.__KALORYFER_MISSING_WORDS__).toEqual(['en-US common:thankYou.offline.title']);
  delete holder.__KALORYFER_MISSING_WORDS__;
});
