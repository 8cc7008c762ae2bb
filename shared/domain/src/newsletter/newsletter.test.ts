import { applicableCoupon, DEMO_COUPONS, isNewsletterCouponCode, newsletterCoupon } from '../cart/coupons';
import { couponDiscount } from '../cart/totals';
import { consentOfVersion, isNewsletterOutcome, NEWSLETTER_CONSENT, NEWSLETTER_CONSENTS } from './consent';

test("the consent: versions unique and dated, today's is the last, found by version", () => {
  const versions = NEWSLETTER_CONSENTS.map((consent) => consent.version);
  expect(new Set(versions).size).toBe(versions.length);
  for (const version of versions) expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect([...versions].sort()).toEqual(versions);
  expect(NEWSLETTER_CONSENT).toBe(NEWSLETTER_CONSENTS.at(-1));
  expect(consentOfVersion(NEWSLETTER_CONSENT.version)).toBe(NEWSLETTER_CONSENT);
  expect(consentOfVersion('1999-01-01')).toBeNull();
  expect(NEWSLETTER_CONSENT.text).toMatch(/^Wyrażam zgodę/); // an affirmative statement, not a pre-ticked default
});

test.each<[string, boolean]>([
  ['NL10-ABCD-2345', true],
  [' nl10-abcd-2345 ', true], // as typed: case and spaces do not matter
  ['NL10-ABCD-0345', false], // 0 is not in the alphabet (nor O, 1, I, L)
  ['NL10-ABCO-2345', false],
  ['NL10-ABCD-234', false],
  ['NEWSLETTER10', false],
])('%j is a newsletter code: %p', (code, expected) => {
  expect(isNewsletterCouponCode(code)).toBe(expected);
});

test('a newsletter coupon: 10 % off, single use, and only when offered with the codes the API found', () => {
  const coupon = newsletterCoupon('nl10-abcd-2345');
  expect(coupon).toMatchObject({ code: 'NL10-ABCD-2345', type: 'percent', value: 10, minSubtotal: 0, singleUse: true });
  expect(couponDiscount(coupon, 1299)).toBe(-129.9);
  expect(applicableCoupon('NL10-ABCD-2345', 500, '2026-11-21')).toBeNull();
  expect(applicableCoupon('nl10-abcd-2345', 500, '2026-11-21', [...DEMO_COUPONS, coupon])).toBe(coupon);
});

test('outcomes the form page understands', () => {
  expect(isNewsletterOutcome('check-inbox')).toBe(true);
  expect(isNewsletterOutcome('subscribed')).toBe(false);
  expect(isNewsletterOutcome(null)).toBe(false);
});
