import type { Product } from '@kaloryfer/api-contract';
import type { AccessoryFamily } from './families';
import { recordPriceHistory, shelfPrice, specialPrice, tierPrices } from './prices';
import { deliveryTime, imagePath, newProduct, numberedSku, singlePicture } from './product-parts';
import type { Random } from './random';
import { MANUFACTURERS, type ColourSeed } from './reference-data';
import type { SeedRun } from './seed-run';

/**
 * One accessory (valve, thermostatic head, heating element, connection set, towel hook): a
 * simple product in one finish. The parts draw from the random source in the order
 * `buildAccessory` calls them.
 */

interface AccessoryIdentity {
  /** The family's name for it ("Zawór termostatyczny kątowy"): model, keywords and short text use it. */
  baseName: string;
  finish: ColourSeed;
  manufacturer: (typeof MANUFACTURERS)[number];
  /** A heating element's rating (W). */
  power?: number;
  sku: string;
  name: string;
}

export function buildAccessory(run: SeedRun, family: AccessoryFamily, index: number): Product {
  const { rng } = run;
  const identity = accessoryIdentity(rng, family, index);
  const product = newProduct(run, { sku: identity.sku, name: identity.name, type_id: 'simple', leafCategory: family.categoryId });
  const price = accessoryPrice(rng, family, identity.power);
  const special = specialPrice(run, price);
  recordPriceHistory(run, identity.sku, price, special);
  Object.assign(
    product,
    special,
    { price, tier_prices: tierPrices(run), ...singlePicture(imagePath(family.style, 400, 400, identity.finish), identity.name) },
    accessoryAttributes(rng, family, identity, index),
  );
  product.delivery_time = deliveryTime(run, product.stock);
  Object.assign(product, accessoryTexts(family, identity));
  return product;
}

function accessoryIdentity(rng: Random, family: AccessoryFamily, index: number): AccessoryIdentity {
  const baseName = family.names[index % family.names.length];
  const finish = rng.pick(family.finishes);
  const manufacturer = rng.pick(MANUFACTURERS);
  const power = family.powers ? rng.pick(family.powers) : undefined;
  const generation = Math.floor(index / family.names.length) + 1;
  const name = `${baseName}${power ? ` ${power} W` : ''} ${manufacturer.label}${generation > 1 ? ` seria ${generation}` : ''}, ${finish.label.toLowerCase()}`;
  return { baseName, finish, manufacturer, power, sku: numberedSku(family.code, index), name };
}

/** Anywhere in the family's range; a heating element's upper part scales with its rating. */
function accessoryPrice(rng: Random, family: AccessoryFamily, power: number | undefined): number {
  const [low, high] = family.priceRange;
  return shelfPrice(low + rng.next() * (high - low) * (power ? power / 1000 : 1));
}

function accessoryAttributes(rng: Random, family: AccessoryFamily, { baseName, finish, manufacturer, power }: AccessoryIdentity, index: number) {
  return {
    accessory_type: family.accessoryType,
    manufacturer: manufacturer.id,
    material: family.material,
    color: finish.id,
    connection_code: family.connectionCode,
    power,
    weight: Math.round((0.2 + rng.next() * 1.3) * 10) / 10,
    model: baseName,
    brand: manufacturer.label,
    mpn: `${manufacturer.label.slice(0, 3).toUpperCase()}-${family.code}-${index + 1}-${finish.code}`,
  };
}

function accessoryTexts(family: AccessoryFamily, { baseName, finish, manufacturer, name }: AccessoryIdentity): Partial<Product> {
  const finishText = finish.label.toLowerCase();
  const short = `${baseName} marki ${manufacturer.label} w kolorze ${finishText}.`;
  return {
    short_description: short,
    description: `${name}. ${family.connectionCode ? `Przyłącze: ${family.connectionCode}. ` : ''}Pasuje do większości grzejników dekoracyjnych i łazienkowych dostępnych w naszym sklepie. Wykończenie ${finishText} dobierzesz do koloru grzejnika.`,
    meta_title: name,
    meta_keyword: [baseName.toLowerCase(), 'akcesoria grzewcze', manufacturer.label, finishText].join(', '),
    meta_description: short,
  };
}
