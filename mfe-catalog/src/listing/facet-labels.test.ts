import { POWER_RANGES, PRICE_RANGES, WIDTH_RANGES } from '@kaloryfer/domain';
import { rangeLabel } from './facet-labels';

test.each([
  [PRICE_RANGES[0], 'zł', true, '< 500 zł'],
  [PRICE_RANGES[1], 'zł', true, '500–1500 zł'],
  [PRICE_RANGES[4], 'zł', true, '> 5000 zł'],
  [POWER_RANGES[0], 'W', false, '0–500 W'],
  [POWER_RANGES[6], 'W', false, '> 3000 W'],
  [WIDTH_RANGES[4], 'mm', false, '1000–1400 mm'],
])('%j in %s reads "%s"', (bucket, unit, openEnds, label) => {
  expect(rangeLabel(bucket, unit, openEnds)).toBe(label);
});
