import type { ProductView } from '@kaloryfer/api-contract';
import { HeatingControl } from '../heating/heating-control';
import { HeatingTable } from './heating-table';

/** The heat output at the shopper's room temperatures and the technical data (a radiator's control shows when it has a rated output). */
export function HeatingData({ source, attributes, rated }: { source: Record<string, unknown>; attributes: ProductView['attributes']; rated: boolean }) {
  return (
    <>
      {rated && <HeatingControl />}
      <HeatingTable source={source} attributes={attributes} />
    </>
  );
}
