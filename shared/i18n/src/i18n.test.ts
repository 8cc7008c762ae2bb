import { formatPrice, i18n, initI18n, registerNamespace, setLanguage, SPEC_MESSAGES } from './index';
import { messagesPl } from './locales/messages.pl-PL';

beforeAll(() => initI18n({ language: 'pl-PL' }));
afterEach(() => setLanguage('pl-PL'));

describe('spec messages', () => {
  test.each(SPEC_MESSAGES.map((message) => [message]))('"%s" exists in pl-PL (translated) and en-US (as written)', (message) => {
    expect(i18n.getResource('en-US', 'messages', message)).toBe(message);
    const polish = i18n.getResource('pl-PL', 'messages', message) as string;
    expect(typeof polish).toBe('string');
    if (message !== 'OK') expect(polish).not.toBe(message);
  });

  test('the Polish dictionary has no keys the spec does not', () => {
    expect(Object.keys(messagesPl).sort()).toEqual([...SPEC_MESSAGES].sort());
  });

  test('placeholders are written {name}, as in the spec', () => {
    expect(i18n.t('Only {maxQuantity} products of this type are available', { ns: 'messages', maxQuantity: 3 }))
      .toBe('Dostępnych jest tylko 3 szt. tego produktu');
    expect(i18n.t('Please provide the search key {key} for product/single action!', { ns: 'messages', key: 'sku', lng: 'en-US' }))
      .toBe('Please provide the search key sku for product/single action!');
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

  test('English has two forms', () => {
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

  test('German falls back to English for what it does not translate', async () => {
    await setLanguage('de-DE');
    expect(i18n.t('Out of stock', { ns: 'messages' })).toBe('Nicht auf Lager');
    expect(i18n.t('Stock check in progress, please wait', { ns: 'messages' })).toBe('Stock check in progress, please wait');
  });
});

describe('remote namespaces', () => {
  test('load the current language now and another one when the shopper switches', async () => {
    const loaded: string[] = [];
    await registerNamespace('demo', {
      'pl-PL': async () => { loaded.push('pl-PL'); return { hello: 'Dzień dobry' }; },
      'en-US': async () => { loaded.push('en-US'); return { hello: 'Good morning' }; },
      'it-IT': async () => { loaded.push('it-IT'); return { hello: 'Buongiorno' }; },
    });
    expect(loaded.sort()).toEqual(['en-US', 'pl-PL']);
    expect(i18n.t('hello', { ns: 'demo' })).toBe('Dzień dobry');
    await setLanguage('it-IT');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toContain('it-IT');
    expect(i18n.t('hello', { ns: 'demo' })).toBe('Buongiorno');
  });
});

describe('prices', () => {
  test.each([
    [1299, 'pl-PL', '1299,00 zł'],
    [12999.5, 'pl-PL', '12 999,50 zł'],
    [89, 'en-US', 'PLN 89.00'],
  ])('%d in %s is "%s" (amount then sign in Polish)', (amount, language, expected) => {
    expect(formatPrice(amount, language).replace(/\s/g, ' ')).toBe(expected);
  });
});
