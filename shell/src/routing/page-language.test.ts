import { matchRoute } from '@kaloryfer/contracts';
import { addressAfterSwitch, keepingAddressLanguage, pageLanguage } from './page-language';

test.each([
  ['?lang=de', '/p/KF-1/x', 'en-US', 'de-DE'],
  ['?lang=it&sort=price:asc', '/c/akcesoria', undefined, 'it-IT'],
  ['?sort=price:asc&lang=pl', '/c/akcesoria', 'de-DE', 'pl-PL'],
  ['?lang=xx', '/p/KF-1/x', 'de-DE', 'de-DE'],
  ['?lang=xx', '/p/KF-1/x', undefined, 'pl-PL'],
  ['?lang=de-DE', '/p/KF-1/x', 'it-IT', 'it-IT'],
  ['', '/p/KF-1/x', 'en-US', 'en-US'],
  ['', '/p/KF-1/x', 'xx-XX', 'pl-PL'],
  ['', '/en/i/regulamin', 'de-DE', 'en-US'],
  ['', '/en/checkout', undefined, 'en-US'],
  ['?lang=de', '/en/my-account', undefined, 'de-DE'],
])('a page at %s (%s, cookie %s) is rendered in %s', (search, path, cookie, language) => {
  expect(pageLanguage(search, matchRoute(path), cookie)).toBe(language);
});

test('a switch of language on an address naming one names the new one, keeping the rest; an address naming none is left to the cookie', () => {
  expect(addressAfterSwitch('/p/KF-1/x', '?lang=de', '', 'it-IT')).toBe('/p/KF-1/x?lang=it');
  expect(addressAfterSwitch('/c/akcesoria', '?sort=price:asc&lang=de', '#top', 'en-US')).toBe('/c/akcesoria?sort=price%3Aasc&lang=en#top');
  // Polish is named too: the address keeps naming a language, so in-app navigations keep it.
  expect(addressAfterSwitch('/porady', '?lang=en&page=2', '', 'pl-PL')).toBe('/porady?page=2&lang=pl');
  expect(addressAfterSwitch('/porady', '?page=2', '', 'de-DE')).toBeNull();
  expect(addressAfterSwitch('/porady', '?lang=xx', '', 'de-DE')).toBeNull();
});

test.each([
  ['/c/akcesoria', '?lang=de', '/c/akcesoria?lang=de'],
  ['/c/akcesoria?sort=price:asc&color=1,2', '?lang=it&x=1', '/c/akcesoria?sort=price:asc&color=1,2&lang=it'],
  ['/checkout#shipping', '?lang=en', '/checkout?lang=en#shipping'],
  ['/p/A/b?lang=en', '?lang=de', '/p/A/b?lang=en'],
  ['/porady', '?lang=pl', '/porady?lang=pl'],
  ['/porady', '', '/porady'],
  ['/porady', '?page=2', '/porady'],
  ['/porady', '?lang=xx', '/porady'],
])('in-app to %s from an address with %j: %s', (target, current, expected) => {
  expect(keepingAddressLanguage(target, current)).toBe(expected);
});
