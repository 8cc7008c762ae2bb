import type { RangeBucket } from '@kaloryfer/domain';
import { formatNumber } from '@kaloryfer/i18n';

/**
 * A range bucket's label (spec §9): the first and last price ranges read '<' and '>', the
 * rest "from–to", one exact value alone ("500 mm"); units after the numbers (zł, W, mm).
 */
export function rangeLabel(bucket: RangeBucket, unit: string, openEnds: boolean, language = 'pl-PL'): string {
  const number = (value: number) => formatNumber(value, language);
  if (bucket.from !== null && bucket.from === bucket.to) return `${number(bucket.from)} ${unit}`;
  if (bucket.to === null) return `> ${number(bucket.from ?? 0)} ${unit}`;
  if (openEnds && (bucket.from === null || bucket.from === 0)) return `< ${number(bucket.to)} ${unit}`;
  return `${number(bucket.from ?? 0)}–${number(bucket.to)} ${unit}`;
}
