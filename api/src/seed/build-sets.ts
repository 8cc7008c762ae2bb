import type { BundleOption, Product, ProductLink } from '@kaloryfer/api-contract';
import { newProduct, numberedSku, stockFor } from './product-parts';
import { COLOURS } from './reference-data';
import type { SeedRun } from './seed-run';

/**
 * Products made of other products: radiator + valve sets (bundles) and valve + head sets
 * (grouped). They are built after the radiators and accessories they point at.
 */

/** Categories: "Grzejniki łazienkowe" (ladder and electric below it) and "Zawory". */
const BATHROOM_RADIATORS = 6;
const VALVES = 18;

/** Listed accessories of a family, `count` of them at random (none when the family has none). */
function pickComponents(run: SeedRun, code: string, count: number): Product[] {
  const list = run.componentsByFamily.get(code) ?? [];
  return list.length === 0 ? [] : run.rng.sample(list, count);
}

/** The radiators bundles are made of: enabled configurable bathroom radiators. */
export function bundleRadiators(products: Product[]): Product[] {
  return products.filter((product) => product.type_id === 'configurable' && product.category_ids.includes(BATHROOM_RADIATORS) && product.status < 2);
}

/** Radiator + valve set (+ an optional head): bundle options with default links. Undefined when there is nothing to bundle. */
export function buildBundle(run: SeedRun, index: number, radiators: Product[]): Product | undefined {
  const radiator = radiators.length > 0 ? radiators[index % radiators.length] : undefined;
  const valves = pickComponents(run, 'ZT', 3);
  const heads = pickComponents(run, 'GT', 2);
  if (!radiator || valves.length === 0) return undefined;
  const sku = numberedSku('ZB', index);
  const name = `Zestaw: ${radiator.name} + zawory termostatyczne`;
  const product = newProduct(run, { sku, name, type_id: 'bundle', leafCategory: radiator.category_ids[radiator.category_ids.length - 1] });
  product.bundle_options = bundleOptions(product, (radiator.configurable_children ?? []).filter((child) => child.status < 2).slice(0, 3), valves, heads);
  Object.assign(product, {
    image: radiator.image,
    thumbnail: radiator.thumbnail,
    media_gallery: radiator.media_gallery,
    stock: { ...stockFor(run, 'made-to-order'), is_in_stock: radiator.stock.is_in_stock },
    manufacturer: radiator.manufacturer,
    heater_type: radiator.heater_type,
    material: radiator.material,
    mount: radiator.mount,
    connection_width: radiator.connection_width,
    power_75_65_20: radiator.power_75_65_20,
    power_70_55_20: radiator.power_70_55_20,
    power: radiator.power,
    width_options: radiator.width_options,
    height_options: radiator.height_options,
    delivery_time: radiator.delivery_time,
    free_valves: 1,
    brand: radiator.brand,
    model: radiator.model,
    equipment_set: 'Grzejnik, zestaw zaworów, uchwyty',
  });
  const short = `Grzejnik ${radiator.model} w zestawie z zaworami termostatycznymi – taniej niż osobno.`;
  Object.assign(product, {
    short_description: short,
    description: `${name}. Zestaw zawiera grzejnik w wybranym rozmiarze i komplet zaworów termostatycznych do podłączenia. Głowicę termostatyczną możesz dodać opcjonalnie.`,
    meta_title: name,
    meta_keyword: `zestaw grzejnik z zaworami, ${radiator.model}, kaloryfer`,
    meta_description: short,
  });
  return product;
}

/**
 * The set's choices: the radiator in up to three sizes, the valves — which may be bought for
 * more than one radiator, so their quantity may change — and a head, optional and left out
 * when there is none. Ids follow the product id: options × 10 + n, links × 100 + n.
 */
function bundleOptions(product: Product, radiatorSizes: { sku: string }[], valves: Product[], heads: Product[]): BundleOption[] {
  const choices: {
    title: string;
    required: boolean;
    type: BundleOption['type'];
    items: { sku: string }[];
    canChangeQuantity: 0 | 1;
    defaultIndex: number | null;
  }[] = [
    { title: 'Grzejnik', required: true, type: 'radio', items: radiatorSizes, canChangeQuantity: 0, defaultIndex: 0 },
    { title: 'Zawory', required: true, type: 'select', items: valves, canChangeQuantity: 1, defaultIndex: 0 },
    { title: 'Głowica termostatyczna (opcjonalnie)', required: false, type: 'checkbox', items: heads, canChangeQuantity: 0, defaultIndex: null },
  ];
  let linkId = product.id * 100;
  return choices.flatMap((choice, index) =>
    choice.required || choice.items.length > 0
      ? [
          {
            option_id: product.id * 10 + index + 1,
            title: choice.title,
            required: choice.required,
            type: choice.type,
            position: index + 1,
            sku: product.sku,
            product_links: choice.items.map((item, position) => ({
              id: linkId++,
              sku: item.sku,
              qty: 1,
              can_change_quantity: choice.canChangeQuantity,
              is_default: position === choice.defaultIndex,
              position,
            })),
          },
        ]
      : [],
  );
}

/** A set of valves sold together: grouped product of simple accessories at qty 1. Undefined when fewer than two are listed. */
export function buildGroupedSet(run: SeedRun, index: number): Product | undefined {
  const members = [...pickComponents(run, 'ZT', 1), ...pickComponents(run, 'ZP', 1), ...pickComponents(run, 'GT', 1)];
  if (members.length < 2) return undefined;
  const finish = COLOURS.find((colour) => colour.id === members[0].color) ?? COLOURS[0];
  const sku = numberedSku('ZG', index);
  const name = `Komplet zaworów termostatycznych z głowicą ${index + 1}, ${finish.label.toLowerCase()}`;
  const product = newProduct(run, { sku, name, type_id: 'grouped', leafCategory: VALVES });
  product.product_links = members.map((member, position): ProductLink => ({
    link_type: 'associated',
    linked_product_sku: member.sku,
    linked_product_type: 'simple',
    sku,
    position,
    qty: 1,
  }));
  Object.assign(product, {
    image: members[0].image,
    thumbnail: members[0].thumbnail,
    media_gallery: members.map((member, pos) => ({ image: member.image, label: member.name, pos, typ: 'image' })),
    stock: { ...stockFor(run, 'made-to-order'), is_in_stock: members.every((member) => member.stock.is_in_stock) },
    accessory_type: 701,
    color: finish.id,
    delivery_time: 1,
    material: 405,
  });
  const short = 'Zawór zasilający, zawór powrotny i głowica termostatyczna w jednym kolorze.';
  Object.assign(product, {
    short_description: short,
    description: `${name}. Komplet do podłączenia grzejnika z zasilaniem bocznym: ${members.map((member) => member.name).join('; ')}.`,
    meta_title: name,
    meta_keyword: 'komplet zaworów, zawór termostatyczny, głowica, kaloryfer',
    meta_description: short,
  });
  return product;
}
