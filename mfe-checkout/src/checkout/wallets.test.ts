import { walletsFor, type WalletBrowser } from './wallets';

const paymentRequest = (answer: () => Promise<boolean>): WalletBrowser['PaymentRequest'] =>
  class {
    canMakePayment() {
      return answer();
    }
  };
const codes = async (browser: WalletBrowser) => (await walletsFor(browser)).map((method) => method.code);

describe('wallets are offered only where the browser can pay with them (issue #20)', () => {
  test.each<[string, WalletBrowser, string[]]>([
    ['no wallet API (Firefox, an old browser)', {}, []],
    ['Linux Chromium: the Payment Request API exists but no Google Pay, no ApplePaySession', { PaymentRequest: paymentRequest(async () => false) }, []],
    ['Chrome with Google Pay', { PaymentRequest: paymentRequest(async () => true) }, ['payu_googlepay']],
    [
      'Safari with a card in Wallet',
      { ApplePaySession: { canMakePayments: () => true }, PaymentRequest: paymentRequest(async () => false) },
      ['payu_applepay'],
    ],
    ['Safari without a card in Wallet', { ApplePaySession: { canMakePayments: () => false } }, []],
    [
      'a check that throws',
      {
        ApplePaySession: {
          canMakePayments: () => {
            throw new Error('insecure');
          },
        },
        PaymentRequest: paymentRequest(() => Promise.reject(new Error('NotAllowedError'))),
      },
      [],
    ],
    ['both', { ApplePaySession: { canMakePayments: () => true }, PaymentRequest: paymentRequest(async () => true) }, ['payu_googlepay', 'payu_applepay']],
  ])('%s → %j', async (_name, browser, expected) => {
    expect(await codes(browser)).toEqual(expected);
  });

  test('a check that never answers offers nothing after a moment', async () => {
    jest.useFakeTimers();
    const pending = codes({ PaymentRequest: paymentRequest(() => new Promise<boolean>(() => undefined)) });
    await jest.advanceTimersByTimeAsync(1500);
    await expect(pending).resolves.toEqual([]);
    jest.useRealTimers();
  });
});
