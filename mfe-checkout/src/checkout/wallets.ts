import type { PaymentMethod } from '@kaloryfer/api-contract';
import { INSTANT_CHECKOUT_METHODS } from '@kaloryfer/domain';

/**
 * Which instant-checkout wallets this browser can really pay with (issue #20: Apple Pay was
 * offered on Linux Chromium). Each wallet asks its own API: Apple Pay `ApplePaySession.
 * canMakePayments()` (Safari with a wallet set up), Google Pay the Payment Request API's
 * `canMakePayment()` for Google's payment method. A wallet whose check throws, is missing or
 * does not answer within a moment is not offered.
 */
export interface WalletBrowser {
  ApplePaySession?: { canMakePayments(): boolean };
  PaymentRequest?: new (methods: PaymentMethodData[], details: PaymentDetailsInit) => { canMakePayment(): Promise<boolean> };
}

const GOOGLE_PAY: PaymentMethodData = {
  supportedMethods: 'https://google.com/pay',
  data: {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [{ type: 'CARD', parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['MASTERCARD', 'VISA'] } }],
  },
};
/** The amount is not known to the check; the total only has to be valid. */
const CHECK_TOTAL: PaymentDetailsInit = { total: { label: 'Kaloryfer', amount: { currency: 'PLN', value: '0.00' } } };
const ANSWER_WITHIN_MS = 1500;

const byCode = (code: string) => INSTANT_CHECKOUT_METHODS.find((method) => method.code === code)!;

function canApplePay(browser: WalletBrowser): boolean {
  try {
    return browser.ApplePaySession?.canMakePayments() === true;
  } catch {
    return false;
  }
}

async function canGooglePay(browser: WalletBrowser): Promise<boolean> {
  if (!browser.PaymentRequest) return false;
  try {
    const answer = new browser.PaymentRequest([GOOGLE_PAY], CHECK_TOTAL).canMakePayment();
    const late = new Promise<boolean>((resolve) => {
      setTimeout(() => resolve(false), ANSWER_WITHIN_MS);
    });
    return (await Promise.race([answer, late])) === true;
  } catch {
    return false;
  }
}

export async function walletsFor(browser: WalletBrowser): Promise<PaymentMethod[]> {
  const [google, apple] = await Promise.all([canGooglePay(browser), canApplePay(browser)]);
  return [...(google ? [byCode('payu_googlepay')] : []), ...(apple ? [byCode('payu_applepay')] : [])];
}

/** Asked once per page: browsers limit how often a page may ask canMakePayment(). */
let thisBrowser: Promise<PaymentMethod[]> | null = null;
export function walletsOfThisBrowser(): Promise<PaymentMethod[]> {
  thisBrowser ??= walletsFor(window as unknown as WalletBrowser);
  return thisBrowser;
}
