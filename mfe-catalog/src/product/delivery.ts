import { deliveryBucketOf } from '@kaloryfer/domain';

/** How a delivery time reads: "Wysyłka w 24 h" for a day or less, otherwise the bucket. */
export function deliveryLabelKey(days: number): string {
  const bucket = deliveryBucketOf(days);
  return bucket ? `delivery.${bucket}` : 'delivery.days';
}
