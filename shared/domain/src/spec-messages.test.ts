import { SPEC_MESSAGES } from '@kaloryfer/i18n/spec-messages';
import { INCORRECT_COUPON } from './cart/coupons';
import { PERSON_MESSAGES } from './validation/person';

/** The rules answer with the spec's messages, which are also the i18n keys the shop translates. */
test.each([...Object.values(PERSON_MESSAGES), INCORRECT_COUPON])('%j is quoted exactly from the spec', (message) => {
  expect(SPEC_MESSAGES).toContain(message);
});
