import type { CartTotals, PaymentMethod, ShippingMethod } from '@kaloryfer/api-contract';
import { $cart, $connectivity, $session, cartClearRequested, navigate, syncTaskRequested, UNLOADED_CART } from '@kaloryfer/contracts';
import type { SpecMessage } from '@kaloryfer/i18n/spec-messages';
import { availableShippingMethods, chooseMethod, mergePaymentMethods, shippingCodeOf } from '@kaloryfer/domain';
import { ApiFailure, isAbort, useClientStore } from '@kaloryfer/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { afterOrder, newClientOrderId, saveDetails, type CheckoutDetails } from '../domain/details';
import { orderBody, orderFailureMessage, type OrderProblemKey } from '../domain/order';
import { canWaitOffline, offlineLineOf, offlineOrderTask, rememberOfflineOrder } from '../domain/offline-orders';
import { rememberOrder, type AccountOutcome } from '../domain/placed-orders';
import type { CheckoutProblem } from '../domain/validation';
import { checkoutApi } from './checkout-api';
import { useCheckoutDetails } from './use-checkout-details';
import { walletsOfThisBrowser } from './wallets';

const EXISTING_CUSTOMER: SpecMessage = 'A customer with the same email address already exists';

/** The account asked for with the order; its failure never undoes the order (the thank-you page says what happened). */
async function createAccountFor(personal: CheckoutDetails['personal'], password: string): Promise<AccountOutcome> {
  try {
    await checkoutApi.createAccount(
      { email: personal.emailAddress.trim().toLowerCase(), firstname: personal.firstName.trim(), lastname: personal.lastName.trim() },
      password,
    );
    return 'created';
  } catch (error) {
    return error instanceof Error && error.message === EXISTING_CUSTOMER ? 'exists' : 'failed';
  }
}

export type PlacingState = { kind: 'idle' } | { kind: 'placing' } | { kind: 'redirecting' } | { kind: 'failed'; problem: CheckoutProblem | OrderProblemKey };

/**
 * Checkout's state for both variants: the details (saved locally on every change, spec §3
 * modifiedAt; seeded from a signed-in customer's profile and cleared at logout: see
 * use-checkout-details), the password (memory only), a customer's saved addresses, the server's
 * methods for this cart with the rules and defaults applied, the totals with the chosen methods,
 * and placing the order (with the customer's token when signed in: checkout-api).
 */
export function useCheckout() {
  // The cart is the shopper's browser state: the first render (server and hydration) has none; it arrives right after.
  const cart = useClientStore($cart, UNLOADED_CART);
  const { session, detailsReady, details, setDetails, update, password, setPassword } = useCheckoutDetails();
  const [shippingMethods, setShippingMethods] = useState<ShippingMethod[] | null>(null);
  const [serverPaymentMethods, setServerPaymentMethods] = useState<PaymentMethod[] | null>(null);
  const [totals, setTotals] = useState<CartTotals | null>(null);
  const [order, setOrder] = useState<PlacingState>({ kind: 'idle' });
  // Wallets only where this browser can pay with them (asked after hydration: the server cannot know).
  const [wallets, setWallets] = useState<PaymentMethod[]>([]);
  useEffect(() => {
    let live = true;
    void walletsOfThisBrowser().then((found) => {
      if (live) setWallets(found);
    });
    return () => {
      live = false;
    };
  }, []);
  const latest = useRef(details);
  latest.current = details;

  // The cart's lines decide which methods exist (a radiator does not fit a locker, services need no courier).
  const cartKey = cart.items.map((line) => `${line.sku}×${line.qty}`).join(',');
  useEffect(() => {
    if (!cart.cartId || !cart.isLoaded || cart.syncing || cart.itemsCount === 0) return;
    let live = true;
    Promise.all([checkoutApi.shippingMethods(cart.cartId), checkoutApi.paymentMethods(cart.cartId)])
      .then(([shipping, payment]) => {
        if (!live) return;
        setShippingMethods(availableShippingMethods(shipping));
        setServerPaymentMethods(payment);
      })
      .catch((error) => {
        if (live && !isAbort(error)) setShippingMethods((known) => known ?? []);
      });
    return () => {
      live = false;
    };
  }, [cart.cartId, cart.isLoaded, cart.syncing, cart.itemsCount, cartKey]);

  const allVirtual = cart.items.length > 0 && cart.items.every((line) => line.typeId === 'virtual' || line.typeId === 'downloadable');
  const paymentMethods = useMemo(
    () => (serverPaymentMethods ? mergePaymentMethods(serverPaymentMethods, wallets, { allVirtual, shippingCode: details.shipping.shippingMethod }) : null),
    [serverPaymentMethods, wallets, allVirtual, details.shipping.shippingMethod],
  );

  // Spec §4: the default methods are set when none is chosen (or the chosen one is no longer offered).
  useEffect(() => {
    if (!shippingMethods || !paymentMethods) return;
    const shipping = chooseMethod(shippingMethods, details.shipping.shippingMethod, shippingCodeOf);
    const payment = chooseMethod(paymentMethods, details.payment.paymentMethod, (method) => method.code);
    if (shipping !== details.shipping.shippingMethod || payment !== details.payment.paymentMethod) {
      update((draft) => {
        draft.shipping.shippingMethod = shipping;
        draft.payment.paymentMethod = payment;
      });
    }
  }, [shippingMethods, paymentMethods, details.shipping.shippingMethod, details.payment.paymentMethod, update]);

  // Totals as the server computes them with the chosen methods (shipping and the payment fee included).
  useEffect(() => {
    const shipping = details.shipping.shippingMethod;
    if (!cart.cartId || !shipping || cart.itemsCount === 0) return;
    let live = true;
    checkoutApi
      .collectTotals(cart.cartId, shipping, details.payment.paymentMethod)
      .then((result) => {
        if (live) setTotals(result);
      })
      .catch(() => {
        if (live) setTotals(null);
      });
    return () => {
      live = false;
    };
  }, [cart.cartId, cart.itemsCount, cartKey, details.shipping.shippingMethod, details.payment.paymentMethod]);

  /** The browser says it has no network (the shell's $connectivity, or the browser itself right now). */
  const offline = () => !$connectivity.get().online || (typeof navigator !== 'undefined' && navigator.onLine === false);

  /**
   * Spec §4: an order placed offline waits in the sync queue under its client order id and the
   * thank-you page says so; it is sent when the connection returns (see docs/offline.md). Only
   * when it can wait: a payment without a gateway, a cart the server holds, no account to create.
   */
  const orderCanWait = useCallback(() => {
    const payment = paymentMethods?.find((method) => method.code === latest.current.payment.paymentMethod);
    const wantsAccount = latest.current.personal.createAccount && Boolean(password) && !$session.get().authorised;
    return !wantsAccount && canWaitOffline($cart.get(), payment);
  }, [paymentMethods, password]);

  const waitOffline = useCallback(
    (clientOrderId: string, cartId: string) => {
      const body = orderBody({ ...latest.current, clientOrderId }, cartId, clientOrderId);
      const current = $cart.get();
      const payment = paymentMethods?.find((method) => method.code === latest.current.payment.paymentMethod);
      const now = Date.now();
      rememberOfflineOrder({
        clientOrderId,
        placedAt: now,
        email: latest.current.personal.emailAddress.trim(),
        paymentTitle: payment?.title ?? '',
        items: current.items.map(offlineLineOf),
        grandTotal: totals?.grand_total ?? current.grandTotal,
      });
      syncTaskRequested.emit(offlineOrderTask(body));
      // As an order placed online: the details stay for next time, the cart starts afresh (the
      // server's cart keeps the order's lines until the order is placed from it).
      setPassword('');
      setDetails((draft) => {
        const next = afterOrder(draft, now);
        saveDetails(next);
        return next;
      });
      cartClearRequested.emit({ sync: false });
      setOrder({ kind: 'idle' });
      navigate({ name: 'thank-you-page', offlineOrder: clientOrderId });
    },
    [paymentMethods, totals, setPassword, setDetails],
  );

  const placeOrder = useCallback(async () => {
    const cartId = $cart.get().cartId;
    if (!cartId) return;
    // The id is saved before sending: a retry after a lost answer sends the same id and gets the same order.
    const clientOrderId = latest.current.clientOrderId ?? newClientOrderId();
    if (!latest.current.clientOrderId)
      update((draft) => {
        draft.clientOrderId = clientOrderId;
      });
    if (offline()) {
      if (orderCanWait()) waitOffline(clientOrderId, cartId);
      else setOrder({ kind: 'failed', problem: 'You are offline' });
      return;
    }
    setOrder({ kind: 'placing' });
    try {
      const placed = await checkoutApi.placeOrder(orderBody({ ...latest.current, clientOrderId }, cartId, clientOrderId));
      const { personal } = latest.current;
      // "Create an account" (a guest only): made once the order stands; the order stays a guest's.
      const account = personal.createAccount && password && !$session.get().authorised ? await createAccountFor(personal, password) : undefined;
      const now = Date.now();
      rememberOrder(placed.orderNumber, clientOrderId, now, account);
      setPassword('');
      setDetails((current) => {
        const next = afterOrder(current, now);
        saveDetails(next);
        return next;
      });
      cartClearRequested.emit({ sync: false });
      if (placed.paymentRedirect) {
        setOrder({ kind: 'redirecting' });
        window.location.assign(placed.paymentRedirect);
      } else {
        setOrder({ kind: 'idle' });
        navigate({ name: 'thank-you-page', orderIncrementId: placed.orderNumber });
      }
    } catch (error) {
      const status = error instanceof ApiFailure ? error.status : 0;
      // The connection dropped on the way: the same order (same id) waits for it, when it can.
      if (status === 0 && !isAbort(error) && offline() && orderCanWait()) {
        waitOffline(clientOrderId, cartId);
        return;
      }
      setOrder({ kind: 'failed', problem: orderFailureMessage(status, (error as Error).message) });
    }
  }, [update, password, setPassword, setDetails, orderCanWait, waitOffline]);

  return {
    cart,
    session,
    savedAddresses: session.authorised ? (session.user?.addresses ?? []) : [],
    detailsReady,
    details,
    update,
    password,
    setPassword,
    shippingMethods,
    paymentMethods,
    totals,
    order,
    placeOrder,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
