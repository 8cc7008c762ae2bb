import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayStatus, PaymentGateway, PaymentNotification, PaymentRegistration, RegisteredPayment } from './gateway';
import type { NotificationSender } from './notification-sender';
import { SIGNATURE_HEADER, signatureHeader, verifySignatureHeader } from './signature';

/** The payment the sandbox page is about, carried in its URL (signed, so it cannot be altered). */
export interface SandboxPayment extends PaymentRegistration {
  gatewayOrderId: string;
}

/** BLIK codes are six digits (docs/polish-market.md); the sandbox accepts any six, like a test bank. */
export const BLIK_CODE = /^\d{6}$/;
export const SANDBOX_PATH = '/sandbox-gateway/pay';

/**
 * A gateway that behaves like PayU with nothing outside this machine: `register` answers a
 * redirect to the sandbox's own page (served by this API under /sandbox-gateway), where the
 * shopper pays, declines, or pays by BLIK code. The sandbox then notifies the shop
 * server-to-server — JSON as PayU's `{order:{orderId, extOrderId, totalAmount, currencyCode,
 * status}}`, signed with the shop's second key, repeated until answered 200 — and sends the
 * browser to the continue URL, with `error=501` when the payment was not authorised.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  constructor(
    private readonly key: Buffer,
    private readonly publicOrigin: string,
    private readonly notifications: NotificationSender,
  ) {}

  async register(payment: PaymentRegistration): Promise<RegisteredPayment> {
    const gatewayOrderId = `SBX${randomBytes(9).toString('hex').toUpperCase()}`;
    const token = this.seal({ ...payment, gatewayOrderId });
    // The sandbox is served by the shop itself: its page is on the origin the shopper returns to
    // (one of the shop's, chosen by Payments), so the whole round trip stays on that origin.
    const origin = URL.canParse(payment.continueUrl) ? new URL(payment.continueUrl).origin : this.publicOrigin;
    return { gatewayOrderId, redirectUrl: `${origin}${SANDBOX_PATH}?t=${token}` };
  }

  verify(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentNotification | null {
    const header = headers[SIGNATURE_HEADER];
    if (!verifySignatureHeader(Array.isArray(header) ? header[0] : header, rawBody, this.key)) return null;
    try {
      const { order } = JSON.parse(rawBody) as { order: { orderId: string; extOrderId: string; totalAmount: string; status: GatewayStatus } };
      if (typeof order?.orderId !== 'string' || typeof order.extOrderId !== 'string' || !['COMPLETED', 'CANCELED', 'PENDING'].includes(order.status))
        return null;
      return { gatewayOrderId: order.orderId, orderNumber: order.extOrderId, amountGrosze: Number(order.totalAmount), status: order.status };
    } catch {
      return null;
    }
  }

  /** The payment a sandbox page URL carries, or null when the token was altered. */
  open(token: string): SandboxPayment | null {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) return null;
    const expected = createHmac('sha256', this.key).update(payload).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxPayment;
  }

  /** The shopper decided on the sandbox page: notify the shop and say where the browser goes next. */
  decide(payment: SandboxPayment, authorised: boolean): string {
    const body = JSON.stringify({
      order: {
        orderId: payment.gatewayOrderId,
        extOrderId: payment.orderNumber,
        totalAmount: String(payment.amountGrosze),
        currencyCode: payment.currency,
        status: authorised ? 'COMPLETED' : 'CANCELED',
        buyer: { email: payment.email },
      },
    });
    this.notifications.send({ url: payment.notifyUrl, body, headers: { [SIGNATURE_HEADER]: signatureHeader(body, this.key, 'sandbox') } });
    if (authorised) return payment.continueUrl;
    return `${payment.continueUrl}${payment.continueUrl.includes('?') ? '&' : '?'}error=501`;
  }

  private seal(payment: SandboxPayment): string {
    const payload = Buffer.from(JSON.stringify(payment), 'utf8').toString('base64url');
    return `${payload}.${createHmac('sha256', this.key).update(payload).digest('base64url')}`;
  }
}
