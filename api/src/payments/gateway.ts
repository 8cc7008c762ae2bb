/**
 * What the shop needs from an online payment gateway (PayU, Przelewy24, Tpay all work this way —
 * docs/polish-market.md): register a payment and send the shopper to the gateway's page; the gateway
 * later calls the shop's notify URL server-to-server with a signed body. The browser's return to
 * the shop proves nothing; only a notification whose signature verifies changes an order.
 *
 * The built-in `SandboxGateway` is the one used here; a PayU adapter would implement the same
 * interface over `POST /api/v2_1/orders` (register) and the `OpenPayu-Signature` header (verify).
 */
export interface PaymentRegistration {
  /** The shop's order number (PayU's extOrderId). */
  orderNumber: string;
  amountGrosze: number;
  currency: 'PLN';
  email: string;
  description: string;
  /** The payment method the shopper chose (the sandbox shows a BLIK field for BLIK). */
  method: string;
  /** Server-to-server: where the gateway reports the outcome. */
  notifyUrl: string;
  /** Browser: where the shopper comes back to; the gateway appends `error=501` when not authorised. */
  continueUrl: string;
}

export interface RegisteredPayment {
  gatewayOrderId: string;
  redirectUrl: string;
}

export type GatewayStatus = 'COMPLETED' | 'CANCELED' | 'PENDING';

/** A notification whose signature verified, in the shop's terms. */
export interface PaymentNotification {
  gatewayOrderId: string;
  orderNumber: string;
  amountGrosze: number;
  status: GatewayStatus;
}

export interface PaymentGateway {
  readonly name: string;
  register(payment: PaymentRegistration): Promise<RegisteredPayment>;
  /** The notification in the raw body, or null when its signature does not verify (forged, altered, wrong key). */
  verify(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentNotification | null;
}
