import { CATEGORIES, COLOURS, type ColourSeed } from './reference-data';

/**
 * Radiator and accessory families the generator draws products from: which category, what a
 * product is called, which sizes and colours exist, and how heat output and price follow from
 * size (figures in the range of real Polish catalogues, EN 442 at 75/65/20).
 */
export type ImageStyle = 'vertical' | 'horizontal' | 'ladder' | 'electric' | 'panel' | 'tubular' | 'castiron'
  | 'valve' | 'head' | 'heater' | 'set' | 'hook' | 'service' | 'guide';

export interface RadiatorFamily {
  kind: 'radiator';
  code: string;
  categoryId: number;
  noun: string;
  heaterType: number;
  materials: number[];
  mount: number;
  connections: number[];
  style: ImageStyle;
  widths: number[];
  heights: number[];
  colours: ColourSeed[];
  /** Nominal output at 75/65/20 for a size, in W (electric: the heating element). */
  power(width: number, height: number): number;
  exponent: number;
  /** Gross price in PLN before the colour surcharge. */
  price(width: number, height: number, material: number): number;
  depth: number;
  weightPerSquareMetre: number;
  models: string[];
  /** Share of the catalogue, relative. */
  weight: number;
  electric?: boolean;
  panelType?: '11' | '21' | '22' | '33';
}

export interface AccessoryFamily {
  kind: 'accessory';
  code: string;
  categoryId: number;
  accessoryType: number;
  style: ImageStyle;
  names: string[];
  finishes: ColourSeed[];
  priceRange: [number, number];
  weight: number;
  material: number;
  connectionCode?: string;
  powers?: number[];
}

const colour = (...codes: string[]) => codes.map((code) => {
  const found = COLOURS.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`unknown colour ${code}`);
  return found;
});
const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);
const area = (width: number, height: number) => (width / 1000) * (height / 1000);

const STEEL = 401;
const INOX = 402;
const ALU = 403;
const CAST_IRON = 404;
const BRASS = 405;
const PLASTIC = 406;
const materialFactor = (material: number) => ({ [STEEL]: 1, [INOX]: 1.6, [ALU]: 1.25, [CAST_IRON]: 1 }[material] ?? 1);

const DECORATIVE_MODELS = ['Lumen', 'Aurora', 'Kaskada', 'Fala', 'Linea', 'Kwadro', 'Orbita', 'Tango', 'Vento', 'Zefir', 'Sfera', 'Arte', 'Loft', 'Mira', 'Nova', 'Bryza'];
const LADDER_MODELS = ['Drabinka', 'Rondo', 'Wisła', 'Odra', 'Narew', 'Warta', 'Bug', 'San', 'Pilica', 'Soła', 'Dunajec', 'Raba'];
const PANEL_MODELS = ['Kompakt C', 'Ventil VC', 'Hygiene H', 'Plan P', 'Profil K'];
const TUBULAR_MODELS = ['Kolumna', 'Rurka', 'Pion', 'Organy', 'Tuba'];
const CAST_IRON_MODELS = ['Retro', 'Kamienica', 'Secesja', 'Dworek', 'Bristol'];

const PANEL_WATTS_PER_METRE = { '11': 880, '21': 1300, '22': 1650, '33': 2350 } as const;
const PANEL_PRICE = { '11': [180, 190], '21': [230, 260], '22': [260, 330], '33': [380, 480] } as const;
const PANEL_CATEGORY = { '11': 11, '21': 12, '22': 13, '33': 14 } as const;

function panel(type: '11' | '21' | '22' | '33', weight: number): RadiatorFamily {
  return {
    kind: 'radiator',
    code: `P${type}`,
    categoryId: PANEL_CATEGORY[type],
    noun: `Grzejnik panelowy typ ${type}`,
    heaterType: 304,
    materials: [STEEL],
    mount: 501,
    connections: [601, 602],
    style: 'panel',
    widths: range(400, 2000, 100),
    heights: [300, 400, 500, 600, 900],
    colours: colour('BIA'),
    power: (width, height) => PANEL_WATTS_PER_METRE[type] * (width / 1000) * (height / 600) ** 0.85,
    exponent: 1.33,
    price: (width, height) => (PANEL_PRICE[type][0] + PANEL_PRICE[type][1] * (width / 1000)) * (height / 600) ** 0.7,
    depth: { '11': 63, '21': 77, '22': 100, '33': 155 }[type],
    weightPerSquareMetre: { '11': 22, '21': 32, '22': 38, '33': 56 }[type],
    models: PANEL_MODELS,
    weight,
    panelType: type,
  };
}

export const RADIATOR_FAMILIES: RadiatorFamily[] = [
  {
    kind: 'radiator', code: 'DP', categoryId: 4, noun: 'Grzejnik dekoracyjny pionowy', heaterType: 301,
    materials: [STEEL, STEEL, ALU, INOX], mount: 501, connections: [601, 602], style: 'vertical',
    widths: [300, 350, 400, 450, 500, 600], heights: [1200, 1400, 1600, 1800, 2000],
    colours: colour('BIA', 'BIM', 'CZM', 'ANT', 'GRA', 'SZJ', 'ZLO', 'MIE', 'BEZ', 'ZIE', 'GRN', 'OLI', 'CZE'),
    power: (width, height) => 1250 * area(width, height), exponent: 1.28,
    price: (width, height, material) => (650 + 1900 * area(width, height)) * materialFactor(material),
    depth: 80, weightPerSquareMetre: 30, models: DECORATIVE_MODELS, weight: 12,
  },
  {
    kind: 'radiator', code: 'DH', categoryId: 5, noun: 'Grzejnik dekoracyjny poziomy', heaterType: 301,
    materials: [STEEL, ALU], mount: 501, connections: [601, 602], style: 'horizontal',
    widths: [800, 1000, 1200, 1400, 1600], heights: [300, 400, 500, 600],
    colours: colour('BIA', 'CZM', 'ANT', 'GRA', 'SRE', 'BEZ', 'KRE', 'GRN'),
    power: (width, height) => 1350 * area(width, height), exponent: 1.3,
    price: (width, height, material) => (550 + 1700 * area(width, height)) * materialFactor(material),
    depth: 75, weightPerSquareMetre: 28, models: DECORATIVE_MODELS, weight: 7,
  },
  {
    kind: 'radiator', code: 'LD', categoryId: 7, noun: 'Grzejnik łazienkowy drabinkowy', heaterType: 302,
    materials: [STEEL, STEEL, INOX], mount: 501, connections: [601, 602], style: 'ladder',
    widths: [400, 450, 500, 550, 600], heights: [700, 900, 1200, 1500, 1800],
    colours: colour('BIA', 'CHR', 'CZM', 'ANT', 'INX', 'ZLO', 'SRE'),
    power: (width, height) => 950 * area(width, height), exponent: 1.25,
    price: (width, height, material) => (240 + 720 * area(width, height)) * materialFactor(material),
    depth: 30, weightPerSquareMetre: 18, models: LADDER_MODELS, weight: 15,
  },
  {
    kind: 'radiator', code: 'EL', categoryId: 8, noun: 'Grzejnik łazienkowy elektryczny', heaterType: 303,
    materials: [STEEL, INOX], mount: 501, connections: [603], style: 'electric',
    widths: [400, 500, 600], heights: [800, 1200, 1500],
    colours: colour('BIA', 'CHR', 'CZM', 'ANT'),
    power: (_width, height) => (height >= 1500 ? 800 : height >= 1200 ? 600 : 400), exponent: 1,
    price: (width, height, material) => (620 + 720 * area(width, height)) * materialFactor(material),
    depth: 35, weightPerSquareMetre: 20, models: LADDER_MODELS, weight: 7, electric: true,
  },
  panel('11', 3),
  panel('21', 3),
  panel('22', 7),
  panel('33', 3),
  {
    kind: 'radiator', code: 'RR', categoryId: 15, noun: 'Grzejnik stalowy rurowy', heaterType: 305,
    materials: [STEEL], mount: 501, connections: [601, 602], style: 'tubular',
    widths: [500, 700, 900, 1100], heights: [500, 600, 900, 1800],
    colours: colour('BIA', 'ANT', 'GRA', 'SZJ'),
    power: (width, height) => 1300 * area(width, height), exponent: 1.3,
    price: (width, height) => 420 + 1500 * area(width, height),
    depth: 100, weightPerSquareMetre: 45, models: TUBULAR_MODELS, weight: 5,
  },
  {
    kind: 'radiator', code: 'ZL', categoryId: 16, noun: 'Grzejnik żeliwny', heaterType: 306,
    materials: [CAST_IRON], mount: 502, connections: [601], style: 'castiron',
    widths: [480, 600, 720, 840, 960], heights: [590, 760],
    colours: colour('BIA', 'KRE', 'ANT', 'MIE', 'ZLO'),
    power: (width, height) => (width / 60) * (height >= 760 ? 150 : 118), exponent: 1.3,
    price: (width, height) => 260 + (width / 60) * (height >= 760 ? 115 : 95),
    depth: 200, weightPerSquareMetre: 140, models: CAST_IRON_MODELS, weight: 3,
  },
];

export const ACCESSORY_FAMILIES: AccessoryFamily[] = [
  {
    kind: 'accessory', code: 'ZT', categoryId: 18, accessoryType: 701, style: 'valve', material: BRASS, connectionCode: 'G1/2″ × M30×1,5',
    names: ['Zawór termostatyczny kątowy', 'Zawór termostatyczny prosty', 'Zawór termostatyczny osiowy', 'Zestaw zaworów V50 kątowy', 'Zestaw zaworów V50 prosty'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ANT', 'ZLO', 'INX'), priceRange: [59, 289], weight: 6,
  },
  {
    kind: 'accessory', code: 'ZP', categoryId: 18, accessoryType: 702, style: 'valve', material: BRASS, connectionCode: 'G1/2″',
    names: ['Zawór powrotny kątowy', 'Zawór powrotny prosty'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ZLO'), priceRange: [39, 149], weight: 3,
  },
  {
    kind: 'accessory', code: 'GT', categoryId: 19, accessoryType: 703, style: 'head', material: PLASTIC, connectionCode: 'M30×1,5',
    names: ['Głowica termostatyczna', 'Głowica termostatyczna z czujnikiem cieczowym', 'Głowica elektroniczna programowalna', 'Głowica termostatyczna Wi-Fi'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ANT'), priceRange: [49, 349], weight: 6,
  },
  {
    kind: 'accessory', code: 'GR', categoryId: 20, accessoryType: 704, style: 'heater', material: INOX, connectionCode: 'G1/2″',
    names: ['Grzałka elektryczna z termostatem', 'Grzałka z pilotem i funkcją suszenia', 'Grzałka z timerem'],
    finishes: colour('BIA', 'CHR', 'CZM'), priceRange: [149, 529], weight: 5, powers: [300, 400, 600, 800, 1000],
  },
  {
    kind: 'accessory', code: 'ZZ', categoryId: 21, accessoryType: 705, style: 'set', material: BRASS, connectionCode: 'G1/2″',
    names: ['Zestaw przyłączeniowy do grzejnika łazienkowego', 'Zestaw przyłączeniowy z maskownicą', 'Zestaw przyłączeniowy PEX 16×2'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ZLO'), priceRange: [79, 259], weight: 4,
  },
  {
    kind: 'accessory', code: 'WR', categoryId: 22, accessoryType: 706, style: 'hook', material: INOX,
    names: ['Wieszak na ręczniki', 'Reling na ręczniki', 'Haczyk na szlafrok'],
    finishes: colour('BIA', 'CHR', 'CZM', 'ANT', 'ZLO'), priceRange: [29, 149], weight: 4,
  },
];

export const categoryById = (id: number) => CATEGORIES.find((category) => category.id === id)!;
