export { round2 } from './price/money';
export { applyTax, type TaxedPrice } from './price/tax';
export { finalPrice, isWithinDates, type SpecialPrice } from './price/special-price';
export {
  bundlePrice,
  bundleSelectionTotal,
  configurablePrice,
  customOptionsTotal,
  groupedPrice,
  type PricedBundleLink,
  type PricedBundleOption,
  type PricedChild,
} from './price/composite';
export { tierUnitPrice, type TierPrice } from './price/tier-price';
export { compactTimeline, discountPercent, isReduced, lowestPriceBefore, OMNIBUS_DAYS, type ShownPrices } from './price/omnibus';
export { momentOf } from './price/moment';
export {
  BATHROOM_ROOM_TEMPERATURE,
  DEFAULT_EXPONENT,
  HEATING_PRESETS,
  heatOutput,
  logMeanDeltaT,
  NOMINAL,
  neededOutput,
  parseTemperatures,
  readTemperatures,
  TEMPERATURE_LIMITS,
  temperaturesKey,
  temperaturesProblem,
  WATTS_PER_SQUARE_METRE,
  type Temperatures,
} from './heating/heat-output';
export { formatPhone, isValidNip, isValidPostcode, isValidRegon, normalisePhone } from './validation/polish-identifiers';
export { foldText, tokenize } from './catalog/text';
export {
  DELIVERY_BUCKETS,
  deliveryBucketOf,
  HEIGHT_RANGES,
  inRange,
  isDeliveryBucket,
  parseRangeKey,
  POWER_RANGES,
  PRICE_RANGES,
  RANGE_FACETS,
  rangeKey,
  WIDTH_RANGES,
  type DeliveryBucket,
  type RangeBucket,
} from './catalog/facets';
export { isChildSelectable, isListed, isViewable, LISTED_SEARCH_FILTERS, LISTED_STATUS, LISTED_VISIBILITY, type ListingFields } from './catalog/listing';
export { pickPriceFields, priceFields, priceFieldsFromGross, type PriceFields, type TaxSettings } from './price/product-price';
export * from './catalog/product';
export * from './catalog/tile-fields';
export { categoryTrail } from './catalog/category-trail';
export { formatPageTitle } from './seo/page-title';
export { ASSIGNMENT_ID_PATTERN, FORCED_ID_PREFIX, isAssignmentId, isForcedAssignmentId, SHOPPER_ID_PREFIX } from './experiments/assignment-id';
export { REVIEW_LIMITS, reviewSummary } from './reviews/review';
export {
  applicableCoupon,
  DEMO_COUPONS,
  INCORRECT_COUPON,
  isNewsletterCouponCode,
  NEWSLETTER_CODE_ALPHABET,
  NEWSLETTER_COUPON_PERCENT,
  newsletterCoupon,
  normaliseCouponCode,
  type Coupon,
  type CouponType,
} from './cart/coupons';
export {
  FREE_DELIVERY_FROM,
  fitsLockerCompartment,
  fitsParcelLocker,
  NO_SHIPPING,
  PARCEL_LOCKER,
  SHIPPING_METHOD_DEFS,
  shippingMethodsFor,
  type ShippingContext,
  type ShippingItem,
  type UnavailableReason,
} from './cart/shipping';
export { CASH_ON_DELIVERY, PAYMENT_METHODS, paymentMethodsFor, SHOP_BANK_ACCOUNT } from './cart/payment';
export { cartTotals, couponDiscount, includedVat, VAT_RATE, type TotalsInput } from './cart/totals';
export { emailProblem, nameProblem, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PERSON_MESSAGES, passwordProblem } from './validation/person';
export { ADVICE_PAGE_SIZE, MAX_ADDRESSES } from './shop-limits';
export { addressProblem, INVALID_NIP, ONLY_POLAND } from './validation/address-problem';
export {
  FIELD_MESSAGES,
  NIP_CHECKSUM,
  nipDigits,
  nipProblem,
  phoneProblem,
  postcodeProblem,
  type FieldMessage,
  type FieldProblem,
} from './validation/field-problems';
export { imageUrl, type ImageSize } from './catalog/image-url';
export { escapeHtml, scriptJson } from './html/html-text';
export { cmsHierarchyOf, cmsParents } from './content/cms-hierarchy';
export { checkQuantity, MAX_LINE_QTY, quantityLimit, quantityMessage, type QuantityCheck, type QuantityMessage, type StockLimits } from './cart/quantity';
export { hashText, lineIdentity, type LineOptions } from './cart/line-identity';
export { availableShippingMethods, chooseMethod, INSTANT_CHECKOUT_METHODS, mergePaymentMethods, paymentAllowed, shippingCodeOf } from './checkout/methods';
export {
  beforeUserCall,
  onUnauthorised,
  REFRESH_EXHAUSTED,
  REFRESH_LOOP_WINDOW,
  REFRESH_REFUSED,
  TOKEN_REFRESH_MAX_ATTEMPTS,
  TOKEN_REFRESH_RETRY_DELAY,
  type BeforeCall,
  type Lock,
  type LockState,
  type OnUnauthorised,
} from './session/token-lock';
export {
  afterTransmission,
  BAD_CONTENT_TYPE,
  confirmTask,
  createSyncTask,
  isAwaitingConfirmation,
  OFFLINE_ORDERS_AUTOMATIC_TRANSMISSION,
  fillPlaceholders,
  isExecutable,
  jsonString,
  KEPT_RESULT_MAX_AGE_MS,
  KEPT_RESULTS_MAX,
  keptResultsToPrune,
  QUEUE_ATTEMPTS,
  readTaskResponse,
  shouldNotifyError,
  taskErrorText,
  WRONG_RESPONSE_FORMAT,
  type PlaceholderValues,
  type SyncTask,
  type SyncTaskPayload,
  type SyncTaskRequest,
  type TaskAnswer,
  type TaskRejection,
} from './sync/sync-task';
