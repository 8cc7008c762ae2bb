import type { ShippingMethod } from '@kaloryfer/api-contract';

/**
 * Shipping for Poland (docs/polish-market.md). Free courier delivery from FREE_DELIVERY_FROM:
 * spec §9 gives the value 5000 without its unit; it is taken as złoty of the gross subtotal
 * after discounts — prices in this shop are złoty with two decimals, and the home page promises
 * free delivery "for large orders" (a radiator alone is 300–3 000 zł).
 */
export const FREE_DELIVERY_FROM = 5000;

/** InPost locker C (the largest): 41 × 38 × 64 cm, at most 25 kg. */
export const PARCEL_LOCKER = { dimensionsCm: [41, 38, 64], maxKg: 25 } as const;

export interface ShippingItem {
  qty: number;
  /** kg per unit; unknown counts as light (accessories without a weight). */
  weight?: number;
  /** mm; a radiator's width × height × depth. Unknown = small enough for any locker. */
  width?: number;
  height?: number;
  depth?: number;
  /** Services and downloads need no shipping. */
  isVirtual: boolean;
}

/** Why a method is unavailable (the contract's `ShippingMethod.unavailable_reason`): a code the storefront translates (`shipping.unavailable.<code>`). */
export type UnavailableReason = NonNullable<ShippingMethod['unavailable_reason']>;
const REASON_TEXT: Record<UnavailableReason, string> = {
  'nothing-to-ship': 'Koszyk zawiera tylko usługi i pliki do pobrania.',
  'does-not-fit-locker': 'Nie mieści się w paczkomacie (maks. 41 × 38 × 64 cm, 25 kg).',
};

interface MethodDef {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  price: number;
}

export const SHIPPING_METHOD_DEFS: readonly MethodDef[] = [
  { carrier_code: 'courier', method_code: 'courier', carrier_title: 'Kurier', method_title: 'Kurier – dostawa w 1–2 dni robocze od wysyłki', price: 29 },
  { carrier_code: 'inpost', method_code: 'locker', carrier_title: 'InPost', method_title: 'Paczkomat InPost 24/7', price: 16.99 },
  { carrier_code: 'flatrateone', method_code: 'flatrateone', carrier_title: 'Transport', method_title: 'Transport z wniesieniem do mieszkania', price: 99 },
  {
    carrier_code: 'flatratefive',
    method_code: 'flatratefive',
    carrier_title: 'Odbiór osobisty',
    method_title: 'Odbiór osobisty w salonie (Warszawa, ul. Grzewcza 5)',
    price: 0,
  },
];

/** A cart of services and downloads only: nothing is shipped. */
export const NO_SHIPPING: MethodDef = {
  carrier_code: 'virtual',
  method_code: 'virtual',
  carrier_title: 'Bez wysyłki',
  method_title: 'Bez wysyłki – usługi i pliki do pobrania',
  price: 0,
};

/** Does one unit fit a locker compartment in some orientation? */
export function fitsLockerCompartment(item: Pick<ShippingItem, 'width' | 'height' | 'depth'>): boolean {
  if (item.width === undefined || item.height === undefined) return true;
  const sides = [item.width / 10, item.height / 10, (item.depth ?? 0) / 10].sort((a, b) => a - b);
  const box = [...PARCEL_LOCKER.dimensionsCm].sort((a, b) => a - b);
  return sides.every((side, index) => side <= box[index]);
}

/** Every physical unit fits a compartment and the parcel weighs at most 25 kg. */
export function fitsParcelLocker(items: ShippingItem[]): boolean {
  const physical = items.filter((item) => !item.isVirtual);
  const kg = physical.reduce((sum, item) => sum + (item.weight ?? 0) * item.qty, 0);
  return physical.every(fitsLockerCompartment) && kg <= PARCEL_LOCKER.maxKg;
}

export interface ShippingContext {
  items: ShippingItem[];
  /** Gross subtotal after discounts. */
  subtotalAfterDiscount: number;
  freeShippingCoupon: boolean;
}

/** Every method with its price for this cart; the ones that cannot be used say so. */
export function shippingMethodsFor({ items, subtotalAfterDiscount, freeShippingCoupon }: ShippingContext): ShippingMethod[] {
  const physical = items.some((item) => !item.isVirtual);
  const method = (def: MethodDef, price: number, reason?: UnavailableReason): ShippingMethod => ({
    carrier_code: def.carrier_code,
    method_code: def.method_code,
    carrier_title: def.carrier_title,
    method_title: def.method_title,
    amount: price,
    price_incl_tax: price,
    available: reason === undefined,
    ...(reason ? { unavailable_reason: reason, error_message: REASON_TEXT[reason] } : {}),
  });
  if (!physical) return [method(NO_SHIPPING, 0), ...SHIPPING_METHOD_DEFS.map((def) => method(def, def.price, 'nothing-to-ship'))];
  const lockerFits = fitsParcelLocker(items);
  return SHIPPING_METHOD_DEFS.map((def) => {
    // Courier is free from the threshold; the free-shipping coupon also covers the locker.
    const free =
      (def.carrier_code === 'courier' && (freeShippingCoupon || subtotalAfterDiscount >= FREE_DELIVERY_FROM)) ||
      (def.carrier_code === 'inpost' && freeShippingCoupon);
    const price = free ? 0 : def.price;
    if (def.carrier_code === 'inpost' && !lockerFits) return method(def, price, 'does-not-fit-locker');
    return method(def, price);
  });
}
