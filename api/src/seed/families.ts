import { COLOURS, type ColourSeed } from './reference-data';

/**
 * Radiator and accessory families the generator draws products from, as tables: which category,
 * what a product is called, which sizes and colours exist, and the figures heat output and price
 * follow from (in the range of real Polish catalogues, EN 442 at 75/65/20). The rules that turn
 * the figures into a size's output and price are in `radiator-formulas.ts`; the builders that
 * make products of a family are the `build-*.ts` files.
 */
export type ImageStyle =
  'vertical' | 'horizontal' | 'ladder' | 'electric' | 'panel' | 'tubular' | 'castiron' | 'valve' | 'head' | 'heater' | 'set' | 'hook' | 'service' | 'guide';

export type PanelType = '11' | '21' | '22' | '33';

/** A figure that changes with height: the first step whose `from` the height reaches applies. */
export interface HeightStep {
  readonly from: number;
  readonly value: number;
}

/** How a size's nominal output at 75/65/20 (W) follows from it — each the way its catalogues state it. */
export type OutputRule =
  /** Watts per square metre of front (decorative, ladder and tubular radiators). */
  | { readonly per: 'square-metre'; readonly watts: number }
  /** Watts per metre of length at `atHeight`; other heights scale by (height / atHeight)^heightExponent (panels). */
  | { readonly per: 'metre'; readonly watts: number; readonly atHeight: number; readonly heightExponent: number }
  /** Watts per element (`elementWidth` wide), by height (cast iron sections). */
  | { readonly per: 'element'; readonly watts: readonly HeightStep[] }
  /** The electric heating element fitted, by height. */
  | { readonly per: 'heating-element'; readonly watts: readonly HeightStep[] };

/** Gross price (PLN) of a size in steel, before the material factor and the colour surcharge. */
export type PriceRule =
  | { readonly per: 'square-metre'; readonly base: number; readonly perSquareMetre: number }
  /** A base plus a price per metre of length at `atHeight`; other heights scale by (height / atHeight)^heightExponent. */
  | { readonly per: 'metre'; readonly base: number; readonly perMetre: number; readonly atHeight: number; readonly heightExponent: number }
  | { readonly per: 'element'; readonly base: number; readonly perElement: readonly HeightStep[] };

export interface RadiatorFamily {
  readonly kind: 'radiator';
  /** The SKU's family part: KF-DP-0001. */
  readonly code: string;
  readonly categoryId: number;
  /** What a product's name starts with. */
  readonly noun: string;
  readonly heaterType: number;
  /** Drawn one per product; a material listed twice is twice as common. */
  readonly materials: readonly number[];
  readonly mount: number;
  readonly connections: readonly number[];
  readonly style: ImageStyle;
  readonly widths: readonly number[];
  readonly heights: readonly number[];
  readonly colours: readonly ColourSeed[];
  readonly output: OutputRule;
  /** EN 442 exponent n: how fast output falls at lower water temperatures. */
  readonly exponent: number;
  readonly price: PriceRule;
  readonly depth: number;
  readonly weightPerSquareMetre: number;
  /** Width (mm) of one section or tube column, for radiators built of elements: the element count of a width. */
  readonly elementWidth?: number;
  /** Bar; 0 for electric radiators, which hold no water. */
  readonly workingPressure: number;
  /** Share of the family's products sold as configurable (sizes × colours) rather than as one simple SKU. */
  readonly configurableShare: number;
  /** Model names, used in turn; a second round is "Lumen 2". */
  readonly models: readonly string[];
  /** Share of the catalogue, relative. */
  readonly share: number;
  readonly electric?: true;
  readonly panelType?: PanelType;
  /** Decorative and ladder radiators may be ordered in a RAL colour and with factory-fitted valves (custom options). */
  readonly madeToOrderOptions?: true;
  /** Planners get CAD drawings (a zip) of panels and vertical decorative radiators. */
  readonly cadDrawings?: true;
}

export interface AccessoryFamily {
  readonly kind: 'accessory';
  readonly code: string;
  readonly categoryId: number;
  readonly accessoryType: number;
  readonly style: ImageStyle;
  /** Product names, used in turn; a second round is "… seria 2". */
  readonly names: readonly string[];
  readonly finishes: readonly ColourSeed[];
  /** Gross price range (PLN); with `powers`, the upper part scales with the rating (per 1000 W). */
  readonly priceRange: readonly [number, number];
  readonly share: number;
  readonly material: number;
  readonly connectionCode?: string;
  /** Heating elements: the ratings (W) one is sold in. */
  readonly powers?: readonly number[];
}

const colour = (...codes: string[]) =>
  codes.map((code) => {
    const found = COLOURS.find((candidate) => candidate.code === code);
    if (!found) throw new Error(`unknown colour ${code}`);
    return found;
  });
const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

const STEEL = 401;
const INOX = 402;
const ALU = 403;
const CAST_IRON = 404;
const BRASS = 405;
const PLASTIC = 406;

/** Price of a material relative to steel; materials not listed cost as steel. */
export const MATERIAL_PRICE_FACTOR: Readonly<Record<number, number>> = { [STEEL]: 1, [INOX]: 1.6, [ALU]: 1.25, [CAST_IRON]: 1 };

const DECORATIVE_MODELS = [
  'Lumen',
  'Aurora',
  'Kaskada',
  'Fala',
  'Linea',
  'Kwadro',
  'Orbita',
  'Tango',
  'Vento',
  'Zefir',
  'Sfera',
  'Arte',
  'Loft',
  'Mira',
  'Nova',
  'Bryza',
];
const LADDER_MODELS = ['Drabinka', 'Rondo', 'Wisła', 'Odra', 'Narew', 'Warta', 'Bug', 'San', 'Pilica', 'Soła', 'Dunajec', 'Raba'];
const PANEL_MODELS = ['Kompakt C', 'Ventil VC', 'Hygiene H', 'Plan P', 'Profil K'];
const TUBULAR_MODELS = ['Kolumna', 'Rurka', 'Pion', 'Organy', 'Tuba'];
const CAST_IRON_MODELS = ['Retro', 'Kamienica', 'Secesja', 'Dworek', 'Bristol'];

/**
 * Panel types 11/21/22/33 (panels × convector rows): output per metre of length at 600 mm high
 * and price (base + per metre) as panel catalogues list them; type 22, the most common, has the largest share.
 */
const PANEL_TYPES: Readonly<
  Record<PanelType, { categoryId: number; wattsPerMetre: number; price: readonly [number, number]; depth: number; weightPerSquareMetre: number; share: number }>
> = {
  '11': { categoryId: 11, wattsPerMetre: 880, price: [180, 190], depth: 63, weightPerSquareMetre: 22, share: 3 },
  '21': { categoryId: 12, wattsPerMetre: 1300, price: [230, 260], depth: 77, weightPerSquareMetre: 32, share: 3 },
  '22': { categoryId: 13, wattsPerMetre: 1650, price: [260, 330], depth: 100, weightPerSquareMetre: 38, share: 7 },
  '33': { categoryId: 14, wattsPerMetre: 2350, price: [380, 480], depth: 155, weightPerSquareMetre: 56, share: 3 },
};
const PANEL_HEIGHT = 600;

function panelFamily(type: PanelType): RadiatorFamily {
  const facts = PANEL_TYPES[type];
  return {
    kind: 'radiator',
    code: `P${type}`,
    categoryId: facts.categoryId,
    noun: `Grzejnik panelowy typ ${type}`,
    heaterType: 304,
    materials: [STEEL],
    mount: 501,
    connections: [601, 602],
    style: 'panel',
    widths: range(400, 2000, 100),
    heights: [300, 400, 500, 600, 900],
    colours: colour('BIA'),
    output: { per: 'metre', watts: facts.wattsPerMetre, atHeight: PANEL_HEIGHT, heightExponent: 0.85 },
    exponent: 1.33,
    price: { per: 'metre', base: facts.price[0], perMetre: facts.price[1], atHeight: PANEL_HEIGHT, heightExponent: 0.7 },
    depth: facts.depth,
    weightPerSquareMetre: facts.weightPerSquareMetre,
    workingPressure: 10,
    // Panels are bought by size: most models come in many widths.
    configurableShare: 0.85,
    models: PANEL_MODELS,
    share: facts.share,
    panelType: type,
    cadDrawings: true,
  };
}

export const RADIATOR_FAMILIES: readonly RadiatorFamily[] = [
  {
    kind: 'radiator',
    code: 'DP',
    categoryId: 4,
    noun: 'Grzejnik dekoracyjny pionowy',
    heaterType: 301,
    materials: [STEEL, STEEL, ALU, INOX],
    mount: 501,
    connections: [601, 602],
    style: 'vertical',
    widths: [300, 350, 400, 450, 500, 600],
    heights: [1200, 1400, 1600, 1800, 2000],
    colours: colour('BIA', 'BIM', 'CZM', 'ANT', 'GRA', 'SZJ', 'ZLO', 'MIE', 'BEZ', 'ZIE', 'GRN', 'OLI', 'CZE'),
    output: { per: 'square-metre', watts: 1250 },
    exponent: 1.28,
    price: { per: 'square-metre', base: 650, perSquareMetre: 1900 },
    depth: 80,
    weightPerSquareMetre: 30,
    workingPressure: 10,
    configurableShare: 0.75,
    models: DECORATIVE_MODELS,
    share: 12,
    madeToOrderOptions: true,
    cadDrawings: true,
  },
  {
    kind: 'radiator',
    code: 'DH',
    categoryId: 5,
    noun: 'Grzejnik dekoracyjny poziomy',
    heaterType: 301,
    materials: [STEEL, ALU],
    mount: 501,
    connections: [601, 602],
    style: 'horizontal',
    widths: [800, 1000, 1200, 1400, 1600],
    heights: [300, 400, 500, 600],
    colours: colour('BIA', 'CZM', 'ANT', 'GRA', 'SRE', 'BEZ', 'KRE', 'GRN'),
    output: { per: 'square-metre', watts: 1350 },
    exponent: 1.3,
    price: { per: 'square-metre', base: 550, perSquareMetre: 1700 },
    depth: 75,
    weightPerSquareMetre: 28,
    workingPressure: 10,
    configurableShare: 0.75,
    models: DECORATIVE_MODELS,
    share: 7,
    madeToOrderOptions: true,
  },
  {
    kind: 'radiator',
    code: 'LD',
    categoryId: 7,
    noun: 'Grzejnik łazienkowy drabinkowy',
    heaterType: 302,
    materials: [STEEL, STEEL, INOX],
    mount: 501,
    connections: [601, 602],
    style: 'ladder',
    widths: [400, 450, 500, 550, 600],
    heights: [700, 900, 1200, 1500, 1800],
    colours: colour('BIA', 'CHR', 'CZM', 'ANT', 'INX', 'ZLO', 'SRE'),
    output: { per: 'square-metre', watts: 950 },
    exponent: 1.25,
    price: { per: 'square-metre', base: 240, perSquareMetre: 720 },
    depth: 30,
    weightPerSquareMetre: 18,
    workingPressure: 10,
    configurableShare: 0.75,
    models: LADDER_MODELS,
    share: 15,
    madeToOrderOptions: true,
  },
  {
    kind: 'radiator',
    code: 'EL',
    categoryId: 8,
    noun: 'Grzejnik łazienkowy elektryczny',
    heaterType: 303,
    materials: [STEEL, INOX],
    mount: 501,
    connections: [603],
    style: 'electric',
    widths: [400, 500, 600],
    heights: [800, 1200, 1500],
    colours: colour('BIA', 'CHR', 'CZM', 'ANT'),
    output: {
      per: 'heating-element',
      watts: [
        { from: 1500, value: 800 },
        { from: 1200, value: 600 },
        { from: 0, value: 400 },
      ],
    },
    exponent: 1,
    price: { per: 'square-metre', base: 620, perSquareMetre: 720 },
    depth: 35,
    weightPerSquareMetre: 20,
    workingPressure: 0,
    configurableShare: 0.75,
    models: LADDER_MODELS,
    share: 7,
    electric: true,
  },
  panelFamily('11'),
  panelFamily('21'),
  panelFamily('22'),
  panelFamily('33'),
  {
    kind: 'radiator',
    code: 'RR',
    categoryId: 15,
    noun: 'Grzejnik stalowy rurowy',
    heaterType: 305,
    materials: [STEEL],
    mount: 501,
    connections: [601, 602],
    style: 'tubular',
    widths: [500, 700, 900, 1100],
    heights: [500, 600, 900, 1800],
    colours: colour('BIA', 'ANT', 'GRA', 'SZJ'),
    output: { per: 'square-metre', watts: 1300 },
    exponent: 1.3,
    price: { per: 'square-metre', base: 420, perSquareMetre: 1500 },
    depth: 100,
    weightPerSquareMetre: 45,
    elementWidth: 45,
    workingPressure: 10,
    configurableShare: 0.75,
    models: TUBULAR_MODELS,
    share: 5,
  },
  {
    kind: 'radiator',
    code: 'ZL',
    categoryId: 16,
    noun: 'Grzejnik żeliwny',
    heaterType: 306,
    materials: [CAST_IRON],
    mount: 502,
    connections: [601],
    style: 'castiron',
    widths: [480, 600, 720, 840, 960],
    heights: [590, 760],
    colours: colour('BIA', 'KRE', 'ANT', 'MIE', 'ZLO'),
    output: {
      per: 'element',
      watts: [
        { from: 760, value: 150 },
        { from: 0, value: 118 },
      ],
    },
    exponent: 1.3,
    price: {
      per: 'element',
      base: 260,
      perElement: [
        { from: 760, value: 115 },
        { from: 0, value: 95 },
      ],
    },
    // Cast iron is rated for less pressure than steel.
    depth: 200,
    weightPerSquareMetre: 140,
    elementWidth: 60,
    workingPressure: 6,
    configurableShare: 0.75,
    models: CAST_IRON_MODELS,
    share: 3,
  },
];

export const ACCESSORY_FAMILIES: readonly AccessoryFamily[] = [
  {
    kind: 'accessory',
    code: 'ZT',
    categoryId: 18,
    accessoryType: 701,
    style: 'valve',
    material: BRASS,
    connectionCode: 'G1/2″ × M30×1,5',
    names: [
      'Zawór termostatyczny kątowy',
      'Zawór termostatyczny prosty',
      'Zawór termostatyczny osiowy',
      'Zestaw zaworów V50 kątowy',
      'Zestaw zaworów V50 prosty',
    ],
    finishes: colour('BIA', 'CHR', 'CZM', 'ANT', 'ZLO', 'INX'),
    priceRange: [59, 289],
    share: 6,
  },
  {
    kind: 'accessory',
    code: 'ZP',
    categoryId: 18,
    accessoryType: 702,
    style: 'valve',
    material: BRASS,
    connectionCode: 'G1/2″',
    names: ['Zawór powrotny kątowy', 'Zawór powrotny prosty'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ZLO'),
    priceRange: [39, 149],
    share: 3,
  },
  {
    kind: 'accessory',
    code: 'GT',
    categoryId: 19,
    accessoryType: 703,
    style: 'head',
    material: PLASTIC,
    connectionCode: 'M30×1,5',
    names: ['Głowica termostatyczna', 'Głowica termostatyczna z czujnikiem cieczowym', 'Głowica elektroniczna programowalna', 'Głowica termostatyczna Wi-Fi'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ANT'),
    priceRange: [49, 349],
    share: 6,
  },
  {
    kind: 'accessory',
    code: 'GR',
    categoryId: 20,
    accessoryType: 704,
    style: 'heater',
    material: INOX,
    connectionCode: 'G1/2″',
    names: ['Grzałka elektryczna z termostatem', 'Grzałka z pilotem i funkcją suszenia', 'Grzałka z timerem'],
    finishes: colour('BIA', 'CHR', 'CZM'),
    priceRange: [149, 529],
    share: 5,
    powers: [300, 400, 600, 800, 1000],
  },
  {
    kind: 'accessory',
    code: 'ZZ',
    categoryId: 21,
    accessoryType: 705,
    style: 'set',
    material: BRASS,
    connectionCode: 'G1/2″',
    names: ['Zestaw przyłączeniowy do grzejnika łazienkowego', 'Zestaw przyłączeniowy z maskownicą', 'Zestaw przyłączeniowy PEX 16×2'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ZLO'),
    priceRange: [79, 259],
    share: 4,
  },
  {
    kind: 'accessory',
    code: 'WR',
    categoryId: 22,
    accessoryType: 706,
    style: 'hook',
    material: INOX,
    names: ['Wieszak na ręczniki', 'Reling na ręczniki', 'Haczyk na szlafrok'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ANT', 'ZLO'),
    priceRange: [29, 149],
    share: 4,
  },
];
