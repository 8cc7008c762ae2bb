import {
  ALL_GROUPS, CUSTOMER_GROUPS, foldText, heatOutput, type ConfigurableChild, type CustomOptionDef, type PricePoint, type Product,
  type ProductCategoryRef, type ProductLink, type StockInfo, type TierPriceEntry,
} from '@kaloryfer/domain';
import { ACCESSORY_FAMILIES, categoryById, RADIATOR_FAMILIES, type AccessoryFamily, type ImageStyle, type RadiatorFamily } from './families';
import { Random } from './random';
import {
  attributeId, COLOURS, CONNECTIONS, HEATER_TYPES, MANUFACTURERS, MATERIALS, MOUNTS, STANDARD_TAX_CLASS,
  type ColourSeed,
} from './reference-data';

export interface GeneratedProducts {
  products: Product[];
  /** Per SKU (simple, child, virtual, downloadable): the gross regular/special price timeline. */
  priceHistory: { sku: string; points: PricePoint[] }[];
}

export interface ProductOptions {
  parents: number;
  seed: number;
  /** The day the catalogue is generated for (YYYY-MM-DD); promotions and news are relative to it. */
  today: string;
  withHistory?: boolean;
}

const DAY = 86_400_000;
const NO_VALUE = '';

/** Prices as shops write them: 1 299 or 48,99. */
function shelfPrice(amount: number): number {
  if (amount >= 100) return Math.max(99, Math.round(amount / 10) * 10 - 1);
  return Math.max(0.99, Math.round(amount) - 0.01);
}

export function slugify(text: string): string {
  return foldText(text).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function ean13(body12: string): string {
  const sum = body12.split('').reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return body12 + String((10 - (sum % 10)) % 10);
}

const label = (list: { id: number; label: string }[], id: number) => list.find((item) => item.id === id)?.label ?? NO_VALUE;

/** Splits `total` across weights with the largest-remainder rule: exact counts, every run the same. */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const counts = exact.map(Math.floor);
  const order = exact.map((value, index) => [value - Math.floor(value), index]).sort((a, b) => b[0] - a[0]);
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < total; i += 1) counts[order[i % order.length][1]] += 1;
  return counts;
}

function categoryRefs(leafId: number): { category: ProductCategoryRef[]; category_ids: number[] } {
  const chain: number[] = [];
  for (let id = leafId; id > 2; id = categoryById(id).parentId) chain.unshift(id);
  const category = chain.map((id) => {
    const seed = categoryById(id);
    return { category_id: id, name: seed.name, slug: seed.slug, path: chain.slice(0, chain.indexOf(id) + 1).map((part) => categoryById(part).slug).join('/') };
  });
  return { category, category_ids: chain };
}

export function imagePath(style: ImageStyle, width: number, height: number, colour: ColourSeed): string {
  return `/product/${style}-${Math.round(width)}x${Math.round(height)}-${colour.hex.slice(1).toLowerCase()}.svg`;
}

class Generator {
  private readonly rng: Random;
  private readonly today: Date;
  private nextId = 1;
  private readonly products: Product[] = [];
  private readonly history: { sku: string; points: PricePoint[] }[] = [];
  private readonly simplesByFamily = new Map<string, Product[]>();

  constructor(private readonly options: ProductOptions) {
    this.rng = new Random(options.seed);
    this.today = new Date(`${options.today}T00:00:00Z`);
  }

  private day(offset: number): string {
    return new Date(this.today.getTime() + offset * DAY).toISOString().slice(0, 10);
  }

  run(): GeneratedProducts {
    const { parents } = this.options;
    const fixed = parents >= 40 ? 8 : 0;
    const composites = Math.round(parents * 0.05);
    const families = [...RADIATOR_FAMILIES, ...ACCESSORY_FAMILIES];
    const counts = allocate(Math.max(0, parents - fixed - composites), families.map((family) => family.weight));
    // Accessories first: bundles, grouped sets and related links point at them.
    families.forEach((family, index) => {
      if (family.kind === 'accessory') for (let i = 0; i < counts[index]; i += 1) this.accessory(family, i);
    });
    families.forEach((family, index) => {
      if (family.kind === 'radiator') for (let i = 0; i < counts[index]; i += 1) this.radiator(family, i);
    });
    const bundles = Math.round(composites * 0.6);
    for (let i = 0; i < bundles; i += 1) this.bundle(i);
    for (let i = 0; i < composites - bundles; i += 1) this.grouped(i);
    if (fixed > 0) this.servicesAndGuides();
    this.merchandise();
    return { products: this.products, priceHistory: this.history };
  }

  // —— shared pieces ——————————————————————————————————————————————————————————

  private stock(kind: 'physical' | 'service' | 'made-to-order'): StockInfo {
    if (kind === 'service') return { is_in_stock: true, qty: 0, manage_stock: false, is_volatile: false, min_sale_qty: 1, max_sale_qty: 10 };
    if (kind === 'made-to-order') return { is_in_stock: true, qty: 0, manage_stock: false, is_volatile: false, min_sale_qty: 1, max_sale_qty: 20 };
    const inStock = this.rng.chance(0.88);
    const qty = inStock ? (this.rng.chance(0.15) ? this.rng.int(1, 3) : this.rng.int(4, 120)) : 0;
    return { is_in_stock: inStock, qty, manage_stock: true, is_volatile: inStock && this.rng.chance(0.04), min_sale_qty: 1, max_sale_qty: inStock ? Math.min(qty, 50) : 0 };
  }

  private deliveryTime(stock: StockInfo): number {
    if (!stock.manage_stock) return this.rng.pick([7, 10, 14, 21]);
    if (!stock.is_in_stock) return this.rng.pick([15, 21, 30, 35, 45, 60]);
    return this.rng.chance(0.85) ? 1 : this.rng.pick([2, 3]);
  }

  /** About a fifth of SKUs carry a special price: ended, running now, or starting soon. */
  private special(price: number): Pick<Product, 'special_price' | 'special_from_date' | 'special_to_date'> {
    if (!this.rng.chance(0.2)) return { special_price: null, special_from_date: null, special_to_date: null };
    const specialPrice = shelfPrice(price * (0.78 + this.rng.next() * 0.14));
    if (specialPrice >= price) return { special_price: null, special_from_date: null, special_to_date: null };
    const when = this.rng.next();
    if (when < 0.3) return { special_price: specialPrice, special_from_date: this.day(-this.rng.int(50, 70)), special_to_date: this.day(-this.rng.int(31, 45)) };
    if (when < 0.85) return { special_price: specialPrice, special_from_date: this.day(-this.rng.int(1, 12)), special_to_date: this.day(this.rng.int(5, 30)) };
    return { special_price: specialPrice, special_from_date: this.day(this.rng.int(3, 20)), special_to_date: this.day(this.rng.int(25, 45)) };
  }

  /** The price timeline the Omnibus rule reads: older, sometimes higher prices, then the promotion. */
  private recordHistory(sku: string, price: number, special: { special_price?: number | null; special_from_date?: string | null; special_to_date?: string | null }) {
    if (this.options.withHistory === false) return;
    const points: PricePoint[] = [{ from: this.day(-this.rng.int(130, 160)), price: shelfPrice(price * (1.02 + this.rng.next() * 0.1)) }];
    if (this.rng.chance(0.35)) points.push({ from: this.day(-this.rng.int(100, 125)), price: shelfPrice(price * (0.93 + this.rng.next() * 0.04)) });
    points.push({ from: this.day(-this.rng.int(75, 95)), price });
    if (special.special_price !== null && special.special_price !== undefined && special.special_from_date) {
      const from = special.special_from_date;
      if (from <= this.options.today) {
        points.push({ from, price: special.special_price });
        const end = special.special_to_date;
        if (end && end < this.options.today) {
          const after = new Date(Date.parse(`${end}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
          points.push({ from: after, price });
        }
      }
    }
    points.sort((a, b) => a.from.localeCompare(b.from));
    // One price per day: a later change on the same day replaces an earlier one.
    const byDay = new Map(points.map((point) => [point.from, point]));
    this.history.push({ sku, points: [...byDay.values()] });
  }

  private tierPrices(): TierPriceEntry[] {
    if (!this.rng.chance(0.35)) return [];
    const first = this.rng.int(1, 2);
    return [
      { customer_group_id: ALL_GROUPS, qty: this.rng.pick([2, 3]), percentage_value: first },
      { customer_group_id: ALL_GROUPS, qty: this.rng.pick([5, 6]), percentage_value: first + this.rng.int(1, 2) },
      { customer_group_id: ALL_GROUPS, qty: 10, percentage_value: 5 },
      // Installers (trade accounts) get a discount from the first piece.
      { customer_group_id: CUSTOMER_GROUPS.installer, qty: 1, percentage_value: first + 2 },
    ];
  }

  private base(partial: Pick<Product, 'sku' | 'name' | 'type_id'> & { leafCategory: number }): Product {
    const id = this.nextId++;
    const urlKey = `${slugify(partial.name)}-${partial.sku.toLowerCase()}`;
    const visibilityRoll = this.rng.next();
    const visibility = visibilityRoll < 0.94 ? 4 : visibilityRoll < 0.96 ? 2 : visibilityRoll < 0.98 ? 3 : 1;
    const created = this.day(-this.rng.int(20, 900));
    return {
      id,
      sku: partial.sku,
      name: partial.name,
      type_id: partial.type_id,
      status: this.rng.chance(0.98) ? 1 : 2,
      visibility,
      price: 0,
      special_price: null,
      special_from_date: null,
      special_to_date: null,
      tax_class_id: STANDARD_TAX_CLASS,
      tier_prices: [],
      stock: this.stock('physical'),
      image: '',
      thumbnail: '',
      media_gallery: [],
      url_key: urlKey,
      url_path: urlKey,
      slug: urlKey,
      ...categoryRefs(partial.leafCategory),
      description: '',
      short_description: '',
      meta_title: '',
      meta_keyword: '',
      meta_description: '',
      created_at: `${created} 08:00:00`,
      updated_at: `${this.day(-this.rng.int(0, 19))} 08:00:00`,
      view_count: Math.floor(5000 * this.rng.next() ** 3),
      ecommerce: 1,
      bestseller: 0,
      flag: 0,
      hit_of_the_month: 0,
      hit_of_the_week: 0,
      news_from_date: null,
      news_to_date: null,
      gtin: ean13(`590${String(100000000 + id).slice(-9)}`),
    };
  }

  // —— radiators ———————————————————————————————————————————————————————————————

  private radiator(family: RadiatorFamily, index: number) {
    const rng = this.rng;
    const manufacturer = rng.pick(MANUFACTURERS);
    const modelBase = family.models[index % family.models.length];
    const generation = Math.floor(index / family.models.length) + 1;
    const model = generation > 1 ? `${modelBase} ${generation}` : modelBase;
    const heightForPanel = family.panelType ? rng.pick(family.heights) : undefined;
    const name = family.panelType
      ? `${family.noun} ${manufacturer.label} ${model}${family.panelType} ${heightForPanel} mm`
      : `${family.noun} ${manufacturer.label} ${model}`;
    const sku = `KF-${family.code}-${String(index + 1).padStart(4, '0')}`;
    const material = rng.pick(family.materials);
    const connection = rng.pick(family.connections);
    const configurable = rng.chance(family.panelType ? 0.85 : 0.75);

    const widths = family.panelType ? rng.sample(family.widths, configurable ? rng.int(4, 8) : 1) : rng.sample(family.widths, configurable ? rng.int(1, 3) : 1);
    const heights = family.panelType ? [heightForPanel as number] : rng.sample(family.heights, configurable ? rng.int(1, 2) : 1);
    const colours = rng.sample(family.colours, configurable && !family.panelType ? rng.int(1, 3) : 1);
    const combos: { width: number; height: number; colour: ColourSeed }[] = [];
    for (const width of widths) for (const height of heights) for (const c of colours) combos.push({ width, height, colour: c });
    const kept = combos.length > 2 ? combos.filter(() => !rng.chance(0.15)) : combos;
    const variants = kept.length > 0 ? kept : [combos[0]];

    const product = this.base({ sku, name, type_id: configurable ? 'configurable' : 'simple', leafCategory: family.categoryId });
    const variantPrice = (width: number, height: number, c: ColourSeed) => {
      const surcharge = c.code === 'BIA' ? 1 : c.code === 'CHR' || c.code === 'ZLO' ? 1.25 : 1.1;
      return shelfPrice(family.price(width, height, material) * surcharge);
    };
    const powerOf = (width: number, height: number) => Math.round(family.power(width, height) / 5) * 5;
    const at7055 = (power: number) => (family.electric ? undefined : heatOutput(power, { supply: 70, return: 55, room: 20 }, family.exponent));
    const common = {
      manufacturer: manufacturer.id,
      heater_type: family.heaterType,
      material,
      mount: family.mount,
      connection_width: connection,
      connection_code: family.electric ? 'Przewód 230 V z wtyczką' : connection === 602 ? 'G3/4″ eurokonus' : 'G1/2″ gwint wewnętrzny',
      working_pressure: family.style === 'castiron' ? 6 : family.electric ? 0 : 10,
      heat_exponent: family.exponent,
      depth: family.depth,
      model,
      brand: `${manufacturer.label} ${modelBase}`,
      palette_id: family.colours.length > 6 ? 2 : 1,
      free_valves: (!family.electric && rng.chance(0.3) ? 1 : 0) as 0 | 1,
    };
    const children: ConfigurableChild[] = variants.map(({ width, height, colour: c }) => {
      // A simple radiator is its one variant: it keeps the parent's SKU (and its price history with it).
      const childSku = configurable ? `${sku}-${width}x${height}-${c.code}` : sku;
      const price = variantPrice(width, height, c);
      const special = this.special(price);
      const stock = this.stock(rng.chance(0.03) ? 'made-to-order' : 'physical');
      const power = powerOf(width, height);
      this.recordHistory(childSku, price, special);
      return {
        id: this.nextId++,
        sku: childSku,
        name: `${name} ${width}×${height} mm, ${c.label.toLowerCase()}`,
        status: rng.chance(0.97) ? 1 : 2,
        visibility: 1,
        type_id: 'simple',
        url_key: `${slugify(name)}-${childSku.toLowerCase()}`,
        image: imagePath(family.style, width, height, c),
        price,
        ...special,
        tax_class_id: STANDARD_TAX_CLASS,
        stock,
        color: c.id,
        width,
        height,
        size: `${width} × ${height} mm`,
        power,
        power_75_65_20: family.electric ? undefined : power,
        power_70_55_20: at7055(power),
        elements_count: family.style === 'castiron' ? Math.round(width / 60) : family.style === 'tubular' ? Math.round(width / 45) : undefined,
        weight: Math.round(family.weightPerSquareMetre * (width / 1000) * (height / 1000) * 10) / 10,
        delivery_time: this.deliveryTime(stock),
        gtin: ean13(`590${String(200000000 + this.nextId).slice(-9)}`),
        mpn: `${manufacturer.label.slice(0, 3).toUpperCase()}-${family.code}${family.panelType ?? ''}-${width}-${height}-${c.code}`,
      };
    });

    const cheapest = children.reduce((best, child) => (child.price < best.price ? child : best), children[0]);
    const inStockChildren = children.filter((child) => child.stock.is_in_stock && child.status < 2);
    const uniqueColours = [...new Map(variants.map((variant) => [variant.colour.id, variant.colour])).values()];
    const powers = children.map((child) => child.power ?? 0);
    const first = variants[0];
    Object.assign(product, common, {
      price: cheapest.price,
      tier_prices: this.tierPrices(),
      image: imagePath(family.style, first.width, first.height, first.colour),
      thumbnail: imagePath(family.style, first.width, first.height, first.colour),
      media_gallery: uniqueColours.map((c, pos) => ({ image: imagePath(family.style, first.width, first.height, c), label: `${name} – ${c.label.toLowerCase()}`, pos, typ: 'image' as const })),
      width_options: [...new Set(widths)].sort((a, b) => a - b),
      height_options: [...new Set(heights)].sort((a, b) => a - b),
      power: Math.min(...powers),
      power_75_65_20: family.electric ? undefined : Math.min(...powers),
      power_70_55_20: family.electric ? undefined : at7055(Math.min(...powers)),
      delivery_time: Math.min(...children.map((child) => child.delivery_time ?? 60)),
      pdf: `/media/karty/${sku.toLowerCase()}.pdf`,
      zip: family.style === 'panel' || family.style === 'vertical' ? `/media/cad/${sku.toLowerCase()}.zip` : undefined,
      equipment_set: family.electric ? 'Grzałka, sterownik, uchwyty montażowe' : 'Uchwyty montażowe, odpowietrznik, korek',
      mpn: cheapest.mpn,
    });
    if (configurable) {
      product.configurable_children = children;
      product.configurable_options = [
        this.option('color', 'Kolor', uniqueColours.map((c) => ({ value_index: c.id, label: c.label }))),
        this.option('width', 'Szerokość', product.width_options!.map((w) => ({ value_index: w, label: `${w} mm` }))),
        this.option('height', 'Wysokość', product.height_options!.map((h) => ({ value_index: h, label: `${h} mm` }))),
      ];
      product.stock = {
        is_in_stock: inStockChildren.length > 0,
        qty: children.reduce((sum, child) => sum + child.stock.qty, 0),
        manage_stock: false,
        is_volatile: false,
        min_sale_qty: 1,
        max_sale_qty: 50,
      };
    } else {
      const only = children[0];
      Object.assign(product, {
        price: only.price, special_price: only.special_price, special_from_date: only.special_from_date, special_to_date: only.special_to_date,
        stock: only.stock, color: only.color, width: only.width, height: only.height, size: only.size, weight: only.weight,
        elements_count: only.elements_count, delivery_time: only.delivery_time, gtin: only.gtin,
      });
    }
    if (family.style === 'vertical' || family.style === 'horizontal' || family.style === 'ladder') {
      if (rng.chance(0.4)) product.custom_options = this.ralOptions(product.id);
    }
    this.describeRadiator(product, family, uniqueColours, powers);
    this.products.push(product);
  }

  private option(code: string, text: string, values: { value_index: number; label: string }[]) {
    return { id: attributeId(code), attribute_id: attributeId(code), attribute_code: code, label: text, position: 0, values };
  }

  private ralOptions(productId: number): CustomOptionDef[] {
    return [
      {
        option_id: productId * 10 + 1, title: 'Kolor RAL na zamówienie', type: 'drop_down', is_require: false, sort_order: 1,
        values: [
          { option_type_id: productId * 100 + 1, title: 'Dowolny kolor RAL (gładki)', price: 15, price_type: 'percent', sort_order: 1 },
          { option_type_id: productId * 100 + 2, title: 'Kolor RAL strukturalny', price: 20, price_type: 'percent', sort_order: 2 },
        ],
      },
      {
        option_id: productId * 10 + 2, title: 'Fabryczny montaż zaworów', type: 'checkbox', is_require: false, sort_order: 2,
        values: [{ option_type_id: productId * 100 + 3, title: 'Zamontuj zawory w fabryce', price: 89, price_type: 'fixed', sort_order: 1 }],
      },
    ];
  }

  private describeRadiator(product: Product, family: RadiatorFamily, colours: ColourSeed[], powers: number[]) {
    const material = label(MATERIALS, product.material!).toLowerCase();
    const mount = label(MOUNTS, product.mount!).toLowerCase();
    const connection = label(CONNECTIONS, product.connection_width!);
    const heater = label(HEATER_TYPES, family.heaterType).toLowerCase();
    const manufacturer = label(MANUFACTURERS, product.manufacturer!);
    const minPower = Math.min(...powers);
    const maxPower = Math.max(...powers);
    const powerText = family.electric
      ? `Grzałka o mocy ${minPower === maxPower ? minPower : `${minPower}–${maxPower}`} W ogrzeje łazienkę także poza sezonem grzewczym.`
      : `Moc cieplna w parametrach 75/65/20 wynosi ${minPower === maxPower ? `${minPower} W` : `od ${minPower} do ${maxPower} W`}, a przy zasilaniu 70/55/20 – ${product.power_70_55_20} W i więcej.`;
    const colourText = colours.map((c) => c.label.toLowerCase()).join(', ');
    product.short_description = `${family.noun} ${product.model} marki ${manufacturer}: ${material}, montaż ${mount}, kolor ${colourText}.`.slice(0, 150);
    product.description = [
      `${product.name} to grzejnik typu ${heater}, wykonany z materiału ${material} i przeznaczony do montażu ${mount === 'ścienny' ? 'na ścianie' : 'na podłodze'}.`,
      powerText,
      `Podłączenie: ${connection.toLowerCase()}. Ciśnienie robocze do ${product.working_pressure || 'nd.'} bar.`,
      `Dostępne kolory: ${colourText}. Każdy egzemplarz jest sprawdzany ciśnieniowo przed wysyłką, a gwarancja producenta obejmuje 10 lat na szczelność.`,
    ].join(' ');
    product.meta_title = `${product.name} | grzejnik ${heater}`;
    product.meta_keyword = [family.noun.toLowerCase(), 'kaloryfer', product.model, manufacturer, heater, material].join(', ');
    product.meta_description = product.short_description;
  }

  // —— accessories ——————————————————————————————————————————————————————————————

  private accessory(family: AccessoryFamily, index: number) {
    const rng = this.rng;
    const baseName = family.names[index % family.names.length];
    const finish = rng.pick(family.finishes);
    const manufacturer = rng.pick(MANUFACTURERS);
    const power = family.powers ? rng.pick(family.powers) : undefined;
    const generation = Math.floor(index / family.names.length) + 1;
    const name = `${baseName}${power ? ` ${power} W` : ''} ${manufacturer.label}${generation > 1 ? ` seria ${generation}` : ''}, ${finish.label.toLowerCase()}`;
    const sku = `KF-${family.code}-${String(index + 1).padStart(4, '0')}`;
    const product = this.base({ sku, name, type_id: 'simple', leafCategory: family.categoryId });
    const price = shelfPrice(family.priceRange[0] + rng.next() * (family.priceRange[1] - family.priceRange[0]) * (power ? power / 1000 : 1));
    const special = this.special(price);
    this.recordHistory(sku, price, special);
    Object.assign(product, special, {
      price,
      tier_prices: this.tierPrices(),
      image: imagePath(family.style, 400, 400, finish),
      thumbnail: imagePath(family.style, 400, 400, finish),
      media_gallery: [{ image: imagePath(family.style, 400, 400, finish), label: name, pos: 0, typ: 'image' }],
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
    });
    product.delivery_time = this.deliveryTime(product.stock);
    product.short_description = `${baseName} marki ${manufacturer.label} w kolorze ${finish.label.toLowerCase()}.`;
    product.description = `${name}. ${family.connectionCode ? `Przyłącze: ${family.connectionCode}. ` : ''}Pasuje do większości grzejników dekoracyjnych i łazienkowych dostępnych w naszym sklepie. Wykończenie ${finish.label.toLowerCase()} dobierzesz do koloru grzejnika.`;
    product.meta_title = name;
    product.meta_keyword = [baseName.toLowerCase(), 'akcesoria grzewcze', manufacturer.label, finish.label.toLowerCase()].join(', ');
    product.meta_description = product.short_description;
    this.products.push(product);
    if (product.status >= 2) return;
    const list = this.simplesByFamily.get(family.code) ?? [];
    list.push(product);
    this.simplesByFamily.set(family.code, list);
  }

  // —— composites —————————————————————————————————————————————————————————————

  private pickSimples(code: string, count: number): Product[] {
    const list = this.simplesByFamily.get(code) ?? [];
    return list.length === 0 ? [] : this.rng.sample(list, count);
  }

  private bathroomRadiators: Product[] | null = null;

  /** Radiator + valve set (+ an optional head): bundle options with default links. */
  private bundle(index: number) {
    this.bathroomRadiators ??= this.products.filter((product) => product.type_id === 'configurable' && product.category_ids.includes(6) && product.status < 2);
    const radiators = this.bathroomRadiators;
    const radiator = radiators.length > 0 ? radiators[index % radiators.length] : undefined;
    const valves = this.pickSimples('ZT', 3);
    const heads = this.pickSimples('GT', 2);
    if (!radiator || valves.length === 0) return;
    const sku = `KF-ZB-${String(index + 1).padStart(4, '0')}`;
    const name = `Zestaw: ${radiator.name} + zawory termostatyczne`;
    const product = this.base({ sku, name, type_id: 'bundle', leafCategory: radiator.category_ids[radiator.category_ids.length - 1] });
    const radiatorChildren = (radiator.configurable_children ?? []).filter((child) => child.status < 2).slice(0, 3);
    let linkId = product.id * 100;
    // Valves may be bought for more than one radiator; the radiator and the head come one per set.
    const links = (items: { sku: string }[], qty: number, defaultIndex: number | null, canChange: 0 | 1 = 0) =>
      items.map((item, position) => ({ id: linkId++, sku: item.sku, qty, can_change_quantity: canChange, is_default: position === defaultIndex, position }));
    product.bundle_options = [
      { option_id: product.id * 10 + 1, title: 'Grzejnik', required: true, type: 'radio', position: 1, sku, product_links: links(radiatorChildren, 1, 0) },
      { option_id: product.id * 10 + 2, title: 'Zawory', required: true, type: 'select', position: 2, sku, product_links: links(valves, 1, 0, 1) },
      ...(heads.length > 0 ? [{ option_id: product.id * 10 + 3, title: 'Głowica termostatyczna (opcjonalnie)', required: false, type: 'checkbox' as const, position: 3, sku, product_links: links(heads, 1, null) }] : []),
    ];
    Object.assign(product, {
      image: radiator.image, thumbnail: radiator.thumbnail, media_gallery: radiator.media_gallery,
      stock: { ...this.stock('made-to-order'), is_in_stock: radiator.stock.is_in_stock },
      manufacturer: radiator.manufacturer, heater_type: radiator.heater_type, material: radiator.material, mount: radiator.mount,
      connection_width: radiator.connection_width, power_75_65_20: radiator.power_75_65_20, power_70_55_20: radiator.power_70_55_20,
      power: radiator.power, width_options: radiator.width_options, height_options: radiator.height_options, delivery_time: radiator.delivery_time,
      free_valves: 1, brand: radiator.brand, model: radiator.model, equipment_set: 'Grzejnik, zestaw zaworów, uchwyty',
    });
    product.short_description = `Grzejnik ${radiator.model} w zestawie z zaworami termostatycznymi – taniej niż osobno.`;
    product.description = `${name}. Zestaw zawiera grzejnik w wybranym rozmiarze i komplet zaworów termostatycznych do podłączenia. Głowicę termostatyczną możesz dodać opcjonalnie.`;
    product.meta_title = name;
    product.meta_keyword = `zestaw grzejnik z zaworami, ${radiator.model}, kaloryfer`;
    product.meta_description = product.short_description;
    this.products.push(product);
  }

  /** A set of valves sold together: grouped product of simple accessories at qty 1. */
  private grouped(index: number) {
    const members = [...this.pickSimples('ZT', 1), ...this.pickSimples('ZP', 1), ...this.pickSimples('GT', 1)];
    if (members.length < 2) return;
    const finish = COLOURS.find((c) => c.id === members[0].color) ?? COLOURS[0];
    const sku = `KF-ZG-${String(index + 1).padStart(4, '0')}`;
    const name = `Komplet zaworów termostatycznych z głowicą ${index + 1}, ${finish.label.toLowerCase()}`;
    const product = this.base({ sku, name, type_id: 'grouped', leafCategory: 18 });
    product.product_links = members.map((member, position): ProductLink => ({
      link_type: 'associated', linked_product_sku: member.sku, linked_product_type: 'simple', sku, position, qty: 1,
    }));
    Object.assign(product, {
      image: members[0].image, thumbnail: members[0].thumbnail, media_gallery: members.map((member, pos) => ({ image: member.image, label: member.name, pos, typ: 'image' })),
      stock: { ...this.stock('made-to-order'), is_in_stock: members.every((member) => member.stock.is_in_stock) },
      accessory_type: 701, color: finish.id, delivery_time: 1, material: 405,
    });
    product.short_description = 'Zawór zasilający, zawór powrotny i głowica termostatyczna w jednym kolorze.';
    product.description = `${name}. Komplet do podłączenia grzejnika z zasilaniem bocznym: ${members.map((member) => member.name).join('; ')}.`;
    product.meta_title = name;
    product.meta_keyword = 'komplet zaworów, zawór termostatyczny, głowica, kaloryfer';
    product.meta_description = product.short_description;
    this.products.push(product);
  }

  /** Installation services (virtual) and guides (downloadable, one free). */
  private servicesAndGuides() {
    const service = (code: string, name: string, price: number, description: string) => {
      const product = this.base({ sku: `KF-US-${code}`, name, type_id: 'virtual', leafCategory: 23 });
      Object.assign(product, {
        price, status: 1, visibility: 4, stock: this.stock('service'),
        image: `/product/service-400x400-383e42.svg`, thumbnail: `/product/service-400x400-383e42.svg`,
        media_gallery: [{ image: `/product/service-400x400-383e42.svg`, label: name, pos: 0, typ: 'image' }],
        delivery_time: 7, short_description: description.slice(0, 150), description,
        meta_title: name, meta_keyword: 'montaż grzejnika, instalator, usługa', meta_description: description.slice(0, 150),
      });
      this.recordHistory(product.sku, price, {});
      this.products.push(product);
    };
    service('MONTAZ-DEK', 'Montaż grzejnika dekoracyjnego (usługa)', 349, 'Montaż grzejnika dekoracyjnego przez instalatora z uprawnieniami: demontaż starego grzejnika, montaż nowego, podłączenie i próba szczelności.');
    service('MONTAZ-LAZ', 'Montaż grzejnika łazienkowego (usługa)', 299, 'Montaż grzejnika łazienkowego wraz z zaworami i odpowietrzeniem. Termin ustalamy telefonicznie w ciągu 2 dni roboczych.');
    service('MONTAZ-PAN', 'Montaż grzejnika panelowego (usługa)', 249, 'Wymiana grzejnika panelowego z podłączeniem bocznym lub dolnym, bez prac murarskich.');
    service('DOJAZD', 'Dojazd instalatora do 30 km', 99, 'Dojazd instalatora do klienta w promieniu 30 km od najbliższego salonu.');

    const guide = (code: string, name: string, price: number, file: string, description: string) => {
      const product = this.base({ sku: `KF-PR-${code}`, name, type_id: 'downloadable', leafCategory: 23 });
      Object.assign(product, {
        price, status: 1, visibility: 4, stock: this.stock('service'),
        image: `/product/guide-400x560-c9a227.svg`, thumbnail: `/product/guide-400x560-c9a227.svg`,
        media_gallery: [{ image: `/product/guide-400x560-c9a227.svg`, label: name, pos: 0, typ: 'image' }],
        downloadable_links: [{ id: product.id * 10, title: name, file, is_shareable: price === 0 }],
        delivery_time: 0, short_description: description.slice(0, 150), description,
        meta_title: name, meta_keyword: 'poradnik, instrukcja montażu, pdf', meta_description: description.slice(0, 150),
      });
      this.recordHistory(product.sku, price, {});
      this.products.push(product);
    };
    guide('DOBOR-MOCY', 'Poradnik: jak dobrać moc grzejnika (PDF)', 0, 'poradnik-dobor-mocy.pdf', 'Bezpłatny poradnik: jak policzyć zapotrzebowanie na ciepło, jak czytać moc 75/65/20 i 55/45/20 i jak dobrać grzejnik do pompy ciepła.');
    guide('MONTAZ-DRABINKI', 'Instrukcja montażu grzejnika drabinkowego (PDF)', 19.99, 'instrukcja-montazu-drabinki.pdf', 'Instrukcja krok po kroku: wymiary montażowe, uchwyty, zawory, odpowietrzenie i pierwsze uruchomienie grzejnika łazienkowego.');
    guide('POMPA-CIEPLA', 'E-book: grzejniki do pompy ciepła (PDF)', 29.99, 'ebook-grzejniki-pompa-ciepla.pdf', 'Jak dobrać grzejniki do niskotemperaturowej instalacji z pompą ciepła: przeliczenia mocy, przykłady i tabele.');
    guide('KONSERWACJA', 'Poradnik konserwacji grzejników (PDF)', 9.99, 'poradnik-konserwacja.pdf', 'Odpowietrzanie, czyszczenie, płukanie instalacji i przygotowanie grzejników do sezonu grzewczego.');
  }

  // —— merchandising flags and links ——————————————————————————————————————————

  private merchandise() {
    const rng = this.rng;
    const radiators = this.products.filter((product) => product.heater_type !== undefined && product.type_id !== 'bundle');
    const accessories = this.products.filter((product) => product.accessory_type !== undefined && product.type_id === 'simple');
    const popular = [...this.products].sort((a, b) => b.view_count - a.view_count || a.id - b.id);
    popular.slice(0, Math.max(8, Math.round(this.products.length * 0.05))).forEach((product) => { product.bestseller = 1; });
    radiators.filter((product) => product.heater_type === 301).forEach((product) => {
      if (rng.chance(0.12)) product.flag = 1;
    });
    this.products.forEach((product) => {
      const roll = rng.next();
      if (roll < 0.08) {
        product.news_from_date = this.day(-rng.int(1, 20));
        product.news_to_date = this.day(rng.int(5, 60));
      } else if (roll < 0.11) {
        product.news_from_date = this.day(-rng.int(80, 120));
        product.news_to_date = this.day(-rng.int(1, 30));
      }
    });
    const hits = radiators.filter((product) => product.status < 2 && product.visibility === 4 && product.stock.is_in_stock);
    if (hits.length >= 3) {
      const [month, week1, week2] = rng.sample(hits, 3);
      month.hit_of_the_month = 1;
      month.hit_price = shelfPrice(month.price * 0.85);
      for (const week of [week1, week2]) {
        week.hit_of_the_week = 1;
        week.hit_price = shelfPrice(week.price * 0.9);
      }
    }
    if (accessories.length > 0) {
      for (const radiator of radiators) {
        radiator.product_links = [
          ...(radiator.product_links ?? []),
          ...rng.sample(accessories, 3).map((accessory, position): ProductLink => ({
            link_type: 'related', linked_product_sku: accessory.sku, linked_product_type: 'simple', sku: radiator.sku, position,
          })),
        ];
      }
    }
  }
}

/** Deterministic: the same options give the same products, ids and prices. */
export function generateProducts(options: ProductOptions): GeneratedProducts {
  return new Generator(options).run();
}

