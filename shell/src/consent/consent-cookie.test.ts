import { CONSENT_MAX_AGE_SECONDS, parseConsent, readConsentCookie, serializeConsent, writeConsentCookie } from './consent-cookie';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

test('a choice is written as a first-party cookie for 12 months, SameSite=Lax, Secure on https', () => {
  const written: string[] = [];
  const setter = jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
  });
  try {
    writeConsentCookie({ analytics: true, marketing: false }, { now: NOW, secure: true });
    writeConsentCookie({ analytics: false, marketing: false }, { now: NOW, secure: false });
  } finally {
    setter.mockRestore();
  }
  expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
  expect(written).toEqual([
    `kf_consent=v%3D1%26a%3D1%26m%3D0%26t%3D${NOW / 1000}; Max-Age=31536000; Path=/; SameSite=Lax; Secure`,
    `kf_consent=v%3D1%26a%3D0%26m%3D0%26t%3D${NOW / 1000}; Max-Age=31536000; Path=/; SameSite=Lax`,
  ]);
});

test('what is read back: the choice and when it was made', () => {
  const value = serializeConsent({ analytics: false, marketing: true }, NOW);
  expect(readConsentCookie(`kf_mfe=checkout%3Ab; kf_consent=${encodeURIComponent(value)}; kf_heat=55%2F45%2F20`)).toEqual({
    version: 1,
    analytics: false,
    marketing: true,
    at: NOW / 1000,
  });
  expect(readConsentCookie('kf_mfe=checkout%3Ab')).toBeNull();
});

test.each([
  ['another policy version', 'v=2&a=1&m=1&t=1768478400'],
  ['a flag that is not 0 or 1', 'v=1&a=yes&m=0&t=1768478400'],
  ['no time', 'v=1&a=1&m=0'],
  ['not ours at all', 'accepted'],
  ['older than 12 months', `v=1&a=1&m=1&t=${NOW / 1000 - CONSENT_MAX_AGE_SECONDS - 1}`],
])('%s counts as no choice: the banner shows again', (_, value) => {
  expect(parseConsent(value, NOW)).toBeNull();
});
