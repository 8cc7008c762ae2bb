import { formatNumber, formatPrice, i18n, initI18n, isSpecMessage, LanguageUnavailableError, languagesFor, registerNamespace, setLanguage } from './index';
import { SPEC_MESSAGES } from './spec-messages';
import { ALL_SHARED_BUNDLES } from './locales/all-bundles';
import { messagesPl } from './locales/messages.pl-PL';

beforeAll(() => initI18n({ language: 'pl-PL' }));
afterEach(() => setLanguage('pl-PL'));

describe('spec messages', () => {
  test.each(SPEC_MESSAGES.map((message) => [message]))('"%s" exists in pl-PL (translated) and en-US (as written)', (message) => {
    expect(ALL_SHARED_BUNDLES['en-US'].messages[message]).toBe(message);
    const polish = ALL_SHARED_BUNDLES['pl-PL'].messages[message];
    expect(typeof polish).toBe('string');
    if (message !== 'OK') expect(polish).not.toBe(message);
  });

  test('the Polish dictionary has no keys the spec does not', () => {
    expect(Object.keys(messagesPl).sort()).toEqual([...SPEC_MESSAGES].sort());
  });

  test('placeholders are written {name}, as in the spec', () => {
    expect(i18n.t('Only {maxQuantity} products of this type are available', { ns: 'messages', maxQuantity: 3 })).toBe(
      'Dostępnych jest tylko 3 szt. tego produktu',
    );
    expect(i18n.t('Please provide the search key {key} for product/single action!', { ns: 'messages', key: 'sku', lng: 'en-US' })).toBe(
      'Please provide the search key sku for product/single action!',
    );
  });
});

describe('Polish plural forms', () => {
  test.each([
    [1, '1 grzejnik'],
    [2, '2 grzejniki'],
    [4, '4 grzejniki'],
    [5, '5 grzejników'],
    [12, '12 grzejników'],
    [22, '22 grzejniki'],
    [25, '25 grzejników'],
    [112, '112 grzejników'],
    [0, '0 grzejników'],
  ])('%i → %s', (count, text) => {
    expect(i18n.t('radiators', { count })).toBe(text);
  });

  test('English has two forms', async () => {
    await setLanguage('en-US');
    expect(i18n.t('radiators', { count: 1, lng: 'en-US' })).toBe('1 radiator');
    expect(i18n.t('radiators', { count: 5, lng: 'en-US' })).toBe('5 radiators');
  });
});

describe('languages', () => {
  test('a language switch persists in storage and a cookie, and sets <html lang>', async () => {
    await setLanguage('de-DE');
    expect(i18n.language).toBe('de-DE');
    expect(localStorage.getItem('kaloryfer.language')).toBe('de-DE');
    expect(document.cookie).toContain('kf_lang=de-DE');
    expect(document.documentElement.lang).toBe('de');
  });

  test('German and Italian say every spec message in their own words, with their own plural forms', async () => {
    await setLanguage('de-DE');
    expect(i18n.t('Out of stock', { ns: 'messages' })).toBe('Nicht auf Lager');
    expect(i18n.t('Stock check in progress, please wait', { ns: 'messages' })).toBe('Der Lagerbestand wird geprüft, bitte warten');
    expect(i18n.t('radiators', { count: 1 })).toBe('1 Heizkörper');
    expect(i18n.t('products', { count: 5 })).toBe('5 Produkte');
    await setLanguage('it-IT');
    expect(i18n.t('Stock check in progress, please wait', { ns: 'messages' })).toBe('Verifica della disponibilità in corso, attendi');
    expect(i18n.t('radiators', { count: 1 })).toBe('1 radiatore');
    expect(i18n.t('radiators', { count: 5 })).toBe('5 radiatori');
  });

  test('a word a language lacks still falls back to English', async () => {
    await setLanguage('de-DE');
    i18n.addResourceBundle('en-US', 'common', { 'only.in.english': 'English only' });
    expect(i18n.t('only.in.english')).toBe('English only');
  });
});

describe('remote namespaces', () => {
  test('load the current language now and another one when the shopper switches', async () => {
    const loaded: string[] = [];
    await registerNamespace('demo', {
      'pl-PL': async () => {
        loaded.push('pl-PL');
        return { hello: 'Dzień dobry' };
      },
      'en-US': async () => {
        loaded.push('en-US');
        return { hello: 'Good morning' };
      },
      'it-IT': async () => {
        loaded.push('it-IT');
        return { hello: 'Buongiorno' };
      },
    });
    // Polish is complete by construction: a Polish page loads no fallback.
    expect(loaded).toEqual(['pl-PL']);
    expect(i18n.t('hello', { ns: 'demo' })).toBe('Dzień dobry');
    await setLanguage('it-IT');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toEqual(['pl-PL', 'it-IT', 'en-US']);
    expect(i18n.t('hello', { ns: 'demo' })).toBe('Buongiorno');
  });

  test('a switch of language waits for every registered namespace: nothing is said as a bare key meanwhile', async () => {
    await setLanguage('pl-PL');
    let release: () => void = () => undefined;
    const slowEnglish = new Promise<void>((resolve) => (release = resolve));
    await registerNamespace('slow-demo', {
      'pl-PL': async () => ({ greeting: 'Witaj' }),
      'en-US': async () => {
        await slowEnglish;
        return { greeting: 'Welcome' };
      },
    });
    let switched = false;
    const switching = setLanguage('en-US').then(() => (switched = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The English words have not arrived: the page still speaks Polish, whole.
    expect(switched).toBe(false);
    expect(i18n.language).toBe('pl-PL');
    release();
    await switching;
    expect(i18n.t('greeting', { ns: 'slow-demo' })).toBe('Welcome');
  });

  test('a switch whose words cannot arrive (offline, not kept by the service worker) is refused: the page keeps its language, no key is said bare', async () => {
    await setLanguage('pl-PL');
    let offline = true;
    await registerNamespace('offline-demo', {
      'pl-PL': async () => ({ waiting: 'Zamówienie czeka na wysłanie' }),
      'en-US': async () => {
        if (offline) throw new TypeError('Failed to fetch');
        return { waiting: 'Your order is waiting to be sent' };
      },
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(setLanguage('en-US')).rejects.toMatchObject({ name: 'Error', language: 'en-US', missing: ['offline-demo en-US'] });
    await expect(setLanguage('en-US')).rejects.toBeInstanceOf(LanguageUnavailableError);
    expect(i18n.language).toBe('pl-PL');
    expect(i18n.t('waiting', { ns: 'offline-demo' })).toBe('Zamówienie czeka na wysłanie');
    offline = false; // back online: the switch goes through
    await setLanguage('en-US');
    expect(i18n.t('waiting', { ns: 'offline-demo' })).toBe('Your order is waiting to be sent');
    warn.mockRestore();
    await setLanguage('pl-PL');
  });

  test.each([
    ['pl-PL', ['pl-PL']],
    ['en-US', ['en-US']],
    ['de-DE', ['de-DE', 'en-US']],
    ['it-IT', ['it-IT', 'en-US']],
  ])('a page in %s reads %j', (language, languages) => {
    expect(languagesFor(language)).toEqual(languages);
  });

  test('a Polish page starts with the Polish words only; another language loads with it', async () => {
    expect(i18n.hasResourceBundle('pl-PL', 'messages')).toBe(true);
    await setLanguage('de-DE');
    expect(i18n.hasResourceBundle('de-DE', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'messages')).toBe(true);
  });
});

describe('prices', () => {
  test.each([
    [0, 'pl-PL', '0,00 zł'],
    [9.99, 'pl-PL', '9,99 zł'],
    [899, 'pl-PL', '899,00 zł'],
    [1299, 'pl-PL', '1 299,00 zł'],
    [2609, 'pl-PL', '2 609,00 zł'],
    [12999.5, 'pl-PL', '12 999,50 zł'],
    [1234567.891, 'pl-PL', '1 234 567,89 zł'],
    [-15, 'pl-PL', '-15,00 zł'],
    [-0.001, 'pl-PL', '0,00 zł'],
    [0.125, 'pl-PL', '0,13 zł'],
    [89, 'en-US', '89.00 zł'],
    [1299, 'en-US', '1,299.00 zł'],
    [2609, 'en-US', '2,609.00 zł'],
    [-15, 'en-US', '-15.00 zł'],
    [1299, 'de-DE', '1.299,00 zł'],
    [2609, 'de-DE', '2.609,00 zł'],
    [-15, 'de-DE', '-15,00 zł'],
    [2609, 'it-IT', '2.609,00 zł'],
    [12999.5, 'it-IT', '12.999,50 zł'],
    [1299, 'xx-XX', '1 299,00 zł'],
  ])('%d in %s is "%s" (the language\'s marks, then the shop\'s sign "zł"; thousands grouped from 1 000)', (amount, language, expected) => {
    expect(formatPrice(amount, language)).toBe(expected.replace(/ /g, '\u00a0'));
  });
});

describe('plain numbers', () => {
  test.each([
    [0, 'pl-PL', undefined, '0'],
    [500, 'pl-PL', undefined, '500'],
    [1500, 'pl-PL', undefined, '1500'],
    [12500, 'pl-PL', undefined, '12 500'],
    [1234567, 'pl-PL', undefined, '1 234 567'],
    [2.5, 'pl-PL', undefined, '2,5'],
    [0.1234, 'pl-PL', undefined, '0,123'],
    [-3000, 'pl-PL', undefined, '-3000'],
    [-0.0001, 'pl-PL', undefined, '0'],
    [4.5, 'pl-PL', 1, '4,5'],
    [4, 'pl-PL', 1, '4,0'],
    [4.96, 'pl-PL', 1, '5,0'],
    [1500, 'en-US', undefined, '1,500'],
    [4.5, 'en-US', 1, '4.5'],
    [1500, 'de-DE', undefined, '1.500'],
    [1500, 'it-IT', undefined, '1500'],
    [12500, 'it-IT', undefined, '12.500'],
    [12500, 'xx-XX', undefined, '12 500'],
  ])('%d in %s (%s decimals) is "%s"', (value, language, digits, expected) => {
    expect(formatNumber(value, language, digits)).toBe(expected.replace(/ /g, '\u00a0'));
  });

  // The reason for writing it out is sameness on server and browser, not other words: where
  // Intl agrees with the shop's rule, the words are Intl's (this Node's ICU is the server's).
  test.each([[0], [500], [1500], [12500], [2.5], [1234567]])('%d reads as Intl writes it in every language', (value) => {
    for (const language of ['pl-PL', 'en-US', 'de-DE', 'it-IT']) {
      expect(formatNumber(value, language)).toBe(value.toLocaleString(language));
    }
  });
});

test('isSpecMessage knows exactly the spec messages (from the Polish dictionary the page has anyway)', () => {
  for (const message of SPEC_MESSAGES) expect(isSpecMessage(message)).toBe(true);
  expect(isSpecMessage('Out of the stock')).toBe(false);
  expect(isSpecMessage('toString')).toBe(false);
  expect(isSpecMessage('')).toBe(false);
});
