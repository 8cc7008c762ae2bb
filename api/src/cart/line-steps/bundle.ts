import { bundleSelectionTotal } from '@kaloryfer/domain';
import type { BundleOption, BundleProductLink, Product } from '@kaloryfer/api-contract';
import { fail, type AskedBundleOption, type PricedSkus, type SkuLookup, type Step } from './step';

/** A chosen link of a bundle option and how many of it one bundle holds. */
interface TakenLink {
  link: BundleProductLink;
  qty: number;
}

/**
 * One option's chosen links (the asked selections, else the defaults) with their quantities.
 * Unknown selections, two products where one is taken and a required option left empty are refused.
 */
function bundleLinks(option: BundleOption, asked: AskedBundleOption | undefined): Step<{ links: TakenLink[] }> {
  const links = asked
    ? asked.option_selections.map((id) => option.product_links.find((link) => link.id === id))
    : option.product_links.filter((link) => link.is_default);
  if (links.some((link) => link === undefined)) return fail(400, `Unknown selection in bundle option "${option.title}"`);
  if (option.type !== 'checkbox' && links.length > 1) return fail(400, `Bundle option "${option.title}" takes one product`);
  if (option.required && links.length === 0) return fail(400, `Choose a product for "${option.title}"`);
  // A link's qty is the shopper's only where the link allows it, else the link's own.
  return {
    ok: true,
    links: (links as BundleProductLink[]).map((link) => ({
      link,
      qty: link.can_change_quantity === 1 && asked?.option_qty !== undefined ? asked.option_qty : link.qty,
    })),
  };
}

/** The product (or variant) a bundle link sells, once its quantity is a sane one. */
function bundleMember(catalog: SkuLookup, option: BundleOption, { link, qty }: TakenLink): Step<{ source: Product }> {
  if (!Number.isInteger(qty) || qty < 1 || qty > 99) return fail(400, `Quantity of "${option.title}" must be a whole number from 1 to 99`);
  const member = catalog.bySkuLookup(link.sku);
  const source = (member?.child ?? member?.product) as Product | undefined;
  if (!source) return fail(400, `Bundle option "${option.title}" is not available`);
  return { ok: true, source };
}

/**
 * A bundle of `qty`: the chosen selections (or the defaults), each with its qty. Its unit price,
 * the stock it takes and its weight are its selections'; the options are given back normalised
 * (selections sorted, only options with a product).
 */
export function priceBundle(catalog: SkuLookup, product: Product, asked: AskedBundleOption[], qty: number): Step<PricedSkus> {
  const chosen = new Map(asked.map((option) => [option.option_id, option]));
  for (const id of chosen.keys()) {
    if (!(product.bundle_options ?? []).some((option) => option.option_id === id)) return fail(400, `Unknown bundle option ${id}`);
  }
  const selections: { price: number | null; qty: number | null }[] = [];
  const priced: PricedSkus = { unit: 0, stock: [], weight: 0, labels: [], bundleOptions: [] };
  for (const option of product.bundle_options ?? []) {
    const taken = bundleLinks(option, chosen.get(option.option_id));
    if (!taken.ok) return taken;
    for (const link of taken.links) {
      const member = bundleMember(catalog, option, link);
      if (!member.ok) return member;
      selections.push({ price: member.source.final_price_incl_tax ?? null, qty: link.qty });
      priced.stock.push({ sku: link.link.sku, qty: link.qty * qty, info: member.source.stock });
      priced.weight += (member.source.weight ?? 0) * link.qty;
      priced.labels.push({ label: option.title, value: link.qty > 1 ? `${member.source.name} × ${link.qty}` : member.source.name });
    }
    if (taken.links.length > 0) {
      priced.bundleOptions.push({
        option_id: option.option_id,
        option_qty: taken.links[0].qty,
        option_selections: taken.links.map(({ link }) => link.id).sort((a, b) => a - b),
      });
    }
  }
  return { ok: true, ...priced, unit: bundleSelectionTotal(selections) };
}
