import {
  claimWriter,
  compareAddRequested,
  compareClearRequested,
  compareRemoveRequested,
  notificationRequested,
  type ListedProduct,
  STORED_STATE_KEYS,
} from '@kaloryfer/contracts';
import { readStored, writeStored } from '@kaloryfer/ui';

/** Spec §4: the compare list persists locally as current-compare. */
const COMPARE_KEY = STORED_STATE_KEYS.compare;
const RECENT_KEY = STORED_STATE_KEYS.recentlyViewed;
/** Side by side is readable up to four; the oldest leaves when a fifth comes. */
export const COMPARE_LIMIT = 4;
export const RECENT_LIMIT = 12;

let started = false;
let recentWriter: ReturnType<typeof claimWriter<'recentlyViewed'>> | null = null;

/**
 * mfe-catalog owns $compare and $recentlyViewed (docs/contracts.md). Started by whichever of
 * the remote's modules loads first (the page app or the header widget), once per page.
 */
export function startCatalogOwners() {
  if (started) return;
  started = true;
  const compare = claimWriter('compare', 'mfe-catalog');
  compare.set(readStored<Record<string, ListedProduct>>(COMPARE_KEY, {}));
  compareAddRequested.on((product) => {
    const entries = Object.entries(compare.get()).filter(([sku]) => sku !== product.sku);
    const next = Object.fromEntries([...entries, [product.sku, { ...product }]].slice(-COMPARE_LIMIT));
    compare.set(next);
    writeStored(COMPARE_KEY, next);
    notificationRequested.emit({ type: 'success', message: 'Product {productName} has been added to the compare!', params: { productName: product.name } });
  });
  compareClearRequested.on(() => {
    compare.set({});
    writeStored(COMPARE_KEY, {});
  });
  compareRemoveRequested.on(({ sku }) => {
    const removed = compare.get()[sku];
    if (!removed) return;
    const next = { ...compare.get() };
    delete next[sku];
    compare.set(next);
    writeStored(COMPARE_KEY, next);
    notificationRequested.emit({ type: 'success', message: 'Product {productName} has been removed from compare!', params: { productName: removed.name } });
  });
  recentWriter = claimWriter('recentlyViewed', 'mfe-catalog');
  recentWriter.set(readStored<ListedProduct[]>(RECENT_KEY, []));
}

/** A product page was shown: it goes first in the recently viewed list. */
export function rememberViewed(product: ListedProduct) {
  startCatalogOwners();
  const next = [product, ...recentWriter!.get().filter((item) => item.parentSku !== product.parentSku)].slice(0, RECENT_LIMIT);
  recentWriter!.set(next);
  writeStored(RECENT_KEY, next);
}
