import { ALL_GROUPS, checkQuantity, customOptionsTotal, quantityMessage, round2, tierUnitPrice } from '@kaloryfer/domain';
import type { CustomOptionValue, Product, StockInfo } from '@kaloryfer/api-contract';
import { fail, MESSAGES, type Item, type LineFailure, type PricedSkus, type StockTaken, type Step } from './step';

/** The product's tier prices that apply to this customer group (or to all), as the shared rule reads them. */
function tiersFor(product: Product, groupId: number) {
  return product.tier_prices
    .filter((tier) => tier.customer_group_id === ALL_GROUPS || tier.customer_group_id === groupId)
    .map((tier) => ({ qty: tier.qty, percent: tier.percentage_value }));
}

/**
 * A line of one SKU (anything but a bundle): its price for `qty` with the product's tier prices
 * for the customer group (from -1 when it has no price: refused later as unknown), its own stock
 * and weight. It cannot fail, but answers like the bundle's step it stands for.
 */
export function priceSingle({ product, source }: Item, groupId: number, qty: number): { ok: true } & PricedSkus {
  return {
    ok: true,
    unit: tierUnitPrice(source.final_price_incl_tax ?? -1, tiersFor(product, groupId), qty),
    stock: [{ sku: source.sku, qty, info: source.stock }],
    weight: source.weight ?? 0,
    labels: [],
    bundleOptions: [],
  };
}

/** The gross unit price: the SKUs' price plus the custom options' adders (percent ones of the original price), in cents; a price below 0 is unknown. */
export function unitPrice(skus: number, adders: CustomOptionValue[], source: Product): Step<{ unit: number }> {
  let unit = skus;
  if (adders.length > 0) unit += customOptionsTotal(source.original_price_incl_tax ?? source.final_price_incl_tax ?? 0, adders);
  unit = round2(unit);
  if (!(unit >= 0)) return fail(400, MESSAGES.priceUnknown);
  return { ok: true, unit };
}

/** Stock rules of spec §4/§5 for `qty` units of one SKU: in stock, then the one quantity rule (volatile stock is a pre-reservation). */
function stockProblem(info: StockInfo, qty: number): string | null {
  if (!info.is_in_stock) return MESSAGES.outOfStock;
  const checked = checkQuantity(qty, info);
  return checked.ok ? null : quantityMessage(checked);
}

/** The stock rules for every SKU the line takes, in the order taken; the first SKU short of them is told. */
export function checkStock(stock: StockTaken): LineFailure | null {
  for (const taken of stock) {
    const problem = stockProblem(taken.info, taken.qty);
    if (problem) return fail(400, problem);
  }
  return null;
}
