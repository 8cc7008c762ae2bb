import type { ConfigurableChild, ConfigurableOption, CustomOption, CustomOptionValue, Product } from '@kaloryfer/api-contract';
import type { RadiatorFamily } from './families';
import { recordPriceHistory, shelfPrice, specialPrice, tierPrices } from './prices';
import { deliveryTime, gtin, imagePath, newProduct, numberedSku, slugify, stockFor } from './product-parts';
import { describeRadiator } from './radiator-description';
import { elementCount, heatingRatings, listPrice, radiatorWeight, ratedOutput } from './radiator-formulas';
import type { Random } from './random';
import { attributeId, CONNECTIONS, MANUFACTURERS, STANDARD_TAX_CLASS, type ColourSeed } from './reference-data';
import type { SeedRun } from './seed-run';

/**
 * One radiator product of a family: a configurable parent with its width × height × colour
 * children, or a simple product that is its one variant. The parts draw from the random source
 * in the order `buildRadiator` calls them; another order gives another catalogue.
 */

/** Who makes it and what it is called. */
interface RadiatorIdentity {
  manufacturer: (typeof MANUFACTURERS)[number];
  /** The model without its generation ("Lumen" of "Lumen 2"): the brand line names it. */
  modelBase: string;
  model: string;
  sku: string;
  name: string;
  /** A panel's one height. */
  panelHeight?: number;
}

interface Variant {
  width: number;
  height: number;
  colour: ColourSeed;
}

/** What a product is offered in: the sizes its options list, and the variants that exist. */
interface SizeRange {
  widthOptions: number[];
  heightOptions: number[];
  variants: Variant[];
}

export function buildRadiator(run: SeedRun, family: RadiatorFamily, index: number): Product {
  const { rng } = run;
  const identity = radiatorIdentity(rng, family, index);
  const material = rng.pick(family.materials);
  const connection = rng.pick(family.connections);
  const configurable = rng.chance(family.configurableShare);
  const range = sizeRange(rng, family, identity.panelHeight, configurable);
  const product = newProduct(run, {
    sku: identity.sku,
    name: identity.name,
    type_id: configurable ? 'configurable' : 'simple',
    leafCategory: family.categoryId,
  });
  const attributes = radiatorAttributes(rng, family, identity, material, connection);
  const children = range.variants.map((variant) => variantOf(run, family, identity, material, variant, configurable));
  const colours = coloursOf(range.variants);
  Object.assign(product, attributes, parentOffer(run, family, identity, range, colours, children));
  Object.assign(product, configurable ? configurableParts(children, colours, range) : simpleParts(children[0]));
  if (family.madeToOrderOptions && rng.chance(0.4)) product.custom_options = madeToOrderOptions(product.id);
  describeRadiator(
    product,
    family,
    colours,
    children.map((child) => child.power ?? 0),
  );
  return product;
}

function radiatorIdentity(rng: Random, family: RadiatorFamily, index: number): RadiatorIdentity {
  const manufacturer = rng.pick(MANUFACTURERS);
  const modelBase = family.models[index % family.models.length];
  const generation = Math.floor(index / family.models.length) + 1;
  const model = generation > 1 ? `${modelBase} ${generation}` : modelBase;
  // Panels are listed by type and height ("… Kompakt C22 600 mm"): the height comes with the name.
  const panelHeight = family.panelType ? rng.pick(family.heights) : undefined;
  const name = family.panelType
    ? `${family.noun} ${manufacturer.label} ${model}${family.panelType} ${panelHeight} mm`
    : `${family.noun} ${manufacturer.label} ${model}`;
  return { manufacturer, modelBase, model, sku: numberedSku(family.code, index), name, panelHeight };
}

const sortedUnique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/**
 * The sizes and colours a product comes in. A panel comes in its one height and 4–8 widths;
 * another radiator in 1–3 widths, 1–2 heights and 1–3 colours; a simple product in one of
 * each. A larger range misses some combinations, as real ranges do.
 */
function sizeRange(rng: Random, family: RadiatorFamily, panelHeight: number | undefined, configurable: boolean): SizeRange {
  const upTo = (min: number, max: number) => (configurable ? rng.int(min, max) : 1);
  const widths = rng.sample(family.widths, panelHeight !== undefined ? upTo(4, 8) : upTo(1, 3));
  const heights = panelHeight !== undefined ? [panelHeight] : rng.sample(family.heights, upTo(1, 2));
  const colours = rng.sample(family.colours, panelHeight !== undefined ? 1 : upTo(1, 3));
  const combinations = widths.flatMap((width) => heights.flatMap((height) => colours.map((colour) => ({ width, height, colour }))));
  const kept = combinations.length > 2 ? combinations.filter(() => !rng.chance(0.15)) : combinations;
  return { widthOptions: sortedUnique(widths), heightOptions: sortedUnique(heights), variants: kept.length > 0 ? kept : [combinations[0]] };
}

/** The colours the variants exist in, first appearance first. */
function coloursOf(variants: Variant[]): ColourSeed[] {
  return [...new Map(variants.map((variant) => [variant.colour.id, variant.colour])).values()];
}

/** The data-sheet attributes every variant shares. */
function radiatorAttributes(rng: Random, family: RadiatorFamily, identity: RadiatorIdentity, material: number, connection: number) {
  return {
    manufacturer: identity.manufacturer.id,
    heater_type: family.heaterType,
    material,
    mount: family.mount,
    connection_width: connection,
    connection_code: CONNECTIONS.find((candidate) => candidate.id === connection)!.fitting,
    working_pressure: family.workingPressure,
    heat_exponent: family.exponent,
    depth: family.depth,
    model: identity.model,
    brand: `${identity.manufacturer.label} ${identity.modelBase}`,
    // A family with many colours shows the large swatch palette.
    palette_id: family.colours.length > 6 ? 2 : 1,
    // Some water radiators come with their valves.
    free_valves: (!family.electric && rng.chance(0.3) ? 1 : 0) as 0 | 1,
  };
}

/** One width × height × colour SKU: its own price, promotion, stock, ratings and price history. */
function variantOf(
  run: SeedRun,
  family: RadiatorFamily,
  identity: RadiatorIdentity,
  material: number,
  { width, height, colour }: Variant,
  configurable: boolean,
): ConfigurableChild {
  const { rng } = run;
  // A simple radiator is its one variant: it keeps the parent's SKU (and its price history with it).
  const sku = configurable ? `${identity.sku}-${width}x${height}-${colour.code}` : identity.sku;
  const price = shelfPrice(listPrice(family, width, height, material, colour));
  const special = specialPrice(run, price);
  const stock = stockFor(run, rng.chance(0.03) ? 'made-to-order' : 'physical');
  recordPriceHistory(run, sku, price, special);
  const id = run.nextId();
  return {
    id,
    sku,
    name: `${identity.name} ${width}×${height} mm, ${colour.label.toLowerCase()}`,
    status: rng.chance(0.97) ? 1 : 2,
    visibility: 1,
    type_id: 'simple',
    url_key: `${slugify(identity.name)}-${sku.toLowerCase()}`,
    image: imagePath(family.style, width, height, colour),
    price,
    ...special,
    tax_class_id: STANDARD_TAX_CLASS,
    stock,
    color: colour.id,
    width,
    height,
    size: `${width} × ${height} mm`,
    ...heatingRatings(family, ratedOutput(family, width, height)),
    elements_count: elementCount(family, width),
    weight: radiatorWeight(family, width, height),
    delivery_time: deliveryTime(run, stock),
    // Numbered by the id after the variant's own, as the catalogue always was: another number would change every variant's GTIN.
    gtin: gtin(200_000_000, id + 1),
    mpn: `${identity.manufacturer.label.slice(0, 3).toUpperCase()}-${family.code}${family.panelType ?? ''}-${width}-${height}-${colour.code}`,
  };
}

/** What the product page shows of the whole range: the lowest price and output, a picture per colour, the sizes, documents. */
function parentOffer(run: SeedRun, family: RadiatorFamily, identity: RadiatorIdentity, range: SizeRange, colours: ColourSeed[], children: ConfigurableChild[]) {
  const cheapest = children.reduce((best, child) => (child.price < best.price ? child : best), children[0]);
  const lowestOutput = Math.min(...children.map((child) => child.power ?? 0));
  const sku = identity.sku.toLowerCase();
  return {
    price: cheapest.price,
    tier_prices: tierPrices(run),
    ...colourGallery(family, identity.name, range.variants[0], colours),
    width_options: range.widthOptions,
    height_options: range.heightOptions,
    ...heatingRatings(family, lowestOutput),
    delivery_time: Math.min(...children.map((child) => child.delivery_time ?? 60)),
    pdf: `/media/karty/${sku}.pdf`,
    zip: family.cadDrawings ? `/media/cad/${sku}.zip` : undefined,
    equipment_set: family.electric ? 'Grzałka, sterownik, uchwyty montażowe' : 'Uchwyty montażowe, odpowietrznik, korek',
    mpn: cheapest.mpn,
  };
}

/** A picture per colour, all in the first variant's size; the first variant's is the main picture. */
function colourGallery(family: RadiatorFamily, name: string, { width, height, colour }: Variant, colours: ColourSeed[]) {
  const image = imagePath(family.style, width, height, colour);
  return {
    image,
    thumbnail: image,
    media_gallery: colours.map((each, pos) => ({
      image: imagePath(family.style, width, height, each),
      label: `${name} – ${each.label.toLowerCase()}`,
      pos,
      typ: 'image' as const,
    })),
  };
}

/** A configurable parent: its children, the colour/width/height options that pick one, and their stock summed. */
function configurableParts(
  children: ConfigurableChild[],
  colours: ColourSeed[],
  range: SizeRange,
): Pick<Product, 'configurable_children' | 'configurable_options' | 'stock'> {
  return {
    configurable_children: children,
    configurable_options: [
      configurableOption(
        'color',
        'Kolor',
        colours.map((colour) => ({ value_index: colour.id, label: colour.label })),
      ),
      configurableOption(
        'width',
        'Szerokość',
        range.widthOptions.map((width) => ({ value_index: width, label: `${width} mm` })),
      ),
      configurableOption(
        'height',
        'Wysokość',
        range.heightOptions.map((height) => ({ value_index: height, label: `${height} mm` })),
      ),
    ],
    // The parent itself is not counted: it is in stock while an enabled child is.
    stock: {
      is_in_stock: children.some((child) => child.stock.is_in_stock && child.status < 2),
      qty: children.reduce((sum, child) => sum + child.stock.qty, 0),
      manage_stock: false,
      is_volatile: false,
      min_sale_qty: 1,
      max_sale_qty: 50,
    },
  };
}

function configurableOption(code: string, label: string, values: ConfigurableOption['values']): ConfigurableOption {
  return { id: attributeId(code), attribute_id: attributeId(code), attribute_code: code, label, position: 0, values };
}

/** A simple radiator is its one variant: the product takes the variant's price, stock, size and GTIN. */
function simpleParts(only: ConfigurableChild): Partial<Product> {
  return {
    price: only.price,
    special_price: only.special_price,
    special_from_date: only.special_from_date,
    special_to_date: only.special_to_date,
    stock: only.stock,
    color: only.color,
    width: only.width,
    height: only.height,
    size: only.size,
    weight: only.weight,
    elements_count: only.elements_count,
    delivery_time: only.delivery_time,
    gtin: only.gtin,
  };
}

/** Custom options of decorative and ladder radiators: a RAL colour (a surcharge in %) and factory-fitted valves (a fixed price). */
const MADE_TO_ORDER: readonly {
  title: string;
  type: CustomOption['type'];
  values: readonly Pick<CustomOptionValue, 'title' | 'price' | 'price_type'>[];
}[] = [
  {
    title: 'Kolor RAL na zamówienie',
    type: 'drop_down',
    values: [
      { title: 'Dowolny kolor RAL (gładki)', price: 15, price_type: 'percent' },
      { title: 'Kolor RAL strukturalny', price: 20, price_type: 'percent' },
    ],
  },
  { title: 'Fabryczny montaż zaworów', type: 'checkbox', values: [{ title: 'Zamontuj zawory w fabryce', price: 89, price_type: 'fixed' }] },
];

/** Option ids are the product id × 10 + n, value ids × 100 + n: unique in the catalogue and the same every run. */
function madeToOrderOptions(productId: number): CustomOption[] {
  let valueId = productId * 100;
  return MADE_TO_ORDER.map((option, index) => ({
    option_id: productId * 10 + index + 1,
    title: option.title,
    type: option.type,
    is_require: false,
    sort_order: index + 1,
    values: option.values.map((value, position) => {
      valueId += 1;
      return { option_type_id: valueId, title: value.title, price: value.price, price_type: value.price_type, sort_order: position + 1 };
    }),
  }));
}
