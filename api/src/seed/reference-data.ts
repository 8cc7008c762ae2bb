import type { Attribute, AttributeOption } from '@kaloryfer/api-contract';

/**
 * The fixed part of the seed catalogue: the category tree (slugs the shell's menu links to),
 * colours, fictional manufacturers and the attribute metadata with Polish labels.
 */
export interface CategorySeed {
  id: number;
  parentId: number;
  name: string;
  slug: string;
  h1: string;
  description: string;
}

/** Main category id 2 (spec §9); id 1 is the invisible root above it. */
export const ROOT_CATEGORY_ID = 1;
export const MAIN_CATEGORY_ID = 2;

export const CATEGORIES: CategorySeed[] = [
  {
    id: 2,
    parentId: 1,
    name: 'Kaloryfer',
    slug: 'kaloryfer',
    h1: 'Grzejniki i akcesoria grzewcze',
    description: 'Wszystkie grzejniki i akcesoria grzewcze w jednym miejscu.',
  },
  {
    id: 3,
    parentId: 2,
    name: 'Grzejniki dekoracyjne',
    slug: 'grzejniki-dekoracyjne',
    h1: 'Grzejniki dekoracyjne do salonu i sypialni',
    description: 'Grzejniki, które są ozdobą wnętrza: pionowe i poziome, w kilkunastu kolorach.',
  },
  {
    id: 4,
    parentId: 3,
    name: 'Grzejniki dekoracyjne pionowe',
    slug: 'grzejniki-dekoracyjne-pionowe',
    h1: 'Pionowe grzejniki dekoracyjne',
    description: 'Wysokie, wąskie grzejniki na wąskie ściany i przestrzenie między oknami.',
  },
  {
    id: 5,
    parentId: 3,
    name: 'Grzejniki dekoracyjne poziome',
    slug: 'grzejniki-dekoracyjne-poziome',
    h1: 'Poziome grzejniki dekoracyjne',
    description: 'Niskie, szerokie grzejniki pod okna i na długie ściany.',
  },
  {
    id: 6,
    parentId: 2,
    name: 'Grzejniki łazienkowe',
    slug: 'grzejniki-lazienkowe',
    h1: 'Grzejniki łazienkowe',
    description: 'Grzejniki drabinkowe i elektryczne, które ogrzeją łazienkę i wysuszą ręczniki.',
  },
  {
    id: 7,
    parentId: 6,
    name: 'Grzejniki drabinkowe',
    slug: 'grzejniki-drabinkowe',
    h1: 'Grzejniki łazienkowe drabinkowe',
    description: 'Klasyczne drabinki łazienkowe zasilane z instalacji centralnego ogrzewania.',
  },
  {
    id: 8,
    parentId: 6,
    name: 'Grzejniki elektryczne',
    slug: 'grzejniki-elektryczne',
    h1: 'Elektryczne grzejniki łazienkowe',
    description: 'Grzejniki z grzałką i sterownikiem, niezależne od sezonu grzewczego.',
  },
  {
    id: 9,
    parentId: 2,
    name: 'Grzejniki pokojowe',
    slug: 'grzejniki-pokojowe',
    h1: 'Grzejniki pokojowe',
    description: 'Sprawdzone grzejniki do każdego pomieszczenia: panelowe, rurowe i żeliwne.',
  },
  {
    id: 10,
    parentId: 9,
    name: 'Grzejniki panelowe',
    slug: 'grzejniki-panelowe',
    h1: 'Grzejniki panelowe stalowe',
    description: 'Stalowe grzejniki płytowe typu 11, 21, 22 i 33 z podłączeniem bocznym lub dolnym.',
  },
  {
    id: 11,
    parentId: 10,
    name: 'Grzejniki panelowe typ 11',
    slug: 'grzejniki-panelowe-typ-11',
    h1: 'Grzejniki panelowe typ 11',
    description: 'Jedna płyta, jeden rząd ożebrowania: płytkie grzejniki do mniejszych pomieszczeń.',
  },
  {
    id: 12,
    parentId: 10,
    name: 'Grzejniki panelowe typ 21',
    slug: 'grzejniki-panelowe-typ-21',
    h1: 'Grzejniki panelowe typ 21',
    description: 'Dwie płyty, jeden rząd ożebrowania.',
  },
  {
    id: 13,
    parentId: 10,
    name: 'Grzejniki panelowe typ 22',
    slug: 'grzejniki-panelowe-typ-22',
    h1: 'Grzejniki panelowe typ 22',
    description: 'Dwie płyty i dwa rzędy ożebrowania: najpopularniejszy grzejnik w Polsce.',
  },
  {
    id: 14,
    parentId: 10,
    name: 'Grzejniki panelowe typ 33',
    slug: 'grzejniki-panelowe-typ-33',
    h1: 'Grzejniki panelowe typ 33',
    description: 'Trzy płyty: największa moc przy danej długości.',
  },
  {
    id: 15,
    parentId: 9,
    name: 'Grzejniki stalowe rurowe',
    slug: 'grzejniki-stalowe-rurowe',
    h1: 'Grzejniki stalowe rurowe',
    description: 'Grzejniki z pionowych rurek stalowych: wytrzymałe i łatwe w czyszczeniu.',
  },
  {
    id: 16,
    parentId: 9,
    name: 'Grzejniki żeliwne',
    slug: 'grzejniki-zeliwne',
    h1: 'Grzejniki żeliwne',
    description: 'Żeliwne grzejniki członowe: duża bezwładność cieplna i styl retro.',
  },
  {
    id: 17,
    parentId: 2,
    name: 'Akcesoria',
    slug: 'akcesoria',
    h1: 'Akcesoria grzewcze',
    description: 'Zawory, głowice, grzałki, zestawy przyłączeniowe i wieszaki.',
  },
  {
    id: 18,
    parentId: 17,
    name: 'Zawory',
    slug: 'zawory',
    h1: 'Zawory grzejnikowe',
    description: 'Zawory termostatyczne, powrotne i zestawy do podłączenia dolnego.',
  },
  {
    id: 19,
    parentId: 17,
    name: 'Głowice termostatyczne',
    slug: 'glowice-termostatyczne',
    h1: 'Głowice termostatyczne',
    description: 'Głowice ręczne i elektroniczne z gwintem M30×1,5.',
  },
  {
    id: 20,
    parentId: 17,
    name: 'Grzałki',
    slug: 'grzalki',
    h1: 'Grzałki do grzejników łazienkowych',
    description: 'Grzałki elektryczne z termostatem i funkcją suszenia ręczników.',
  },
  {
    id: 21,
    parentId: 17,
    name: 'Zestawy przyłączeniowe',
    slug: 'zestawy-przylaczeniowe',
    h1: 'Zestawy przyłączeniowe',
    description: 'Komplety do podłączenia grzejnika: zawory, złączki, maskownice.',
  },
  {
    id: 22,
    parentId: 17,
    name: 'Wieszaki na ręczniki',
    slug: 'wieszaki-na-reczniki',
    h1: 'Wieszaki na ręczniki do grzejników',
    description: 'Wieszaki i relingi montowane na grzejnikach łazienkowych.',
  },
  {
    id: 23,
    parentId: 2,
    name: 'Montaż i poradniki',
    slug: 'montaz-i-poradniki',
    h1: 'Montaż grzejników i poradniki',
    description: 'Usługa montażu i poradniki do pobrania.',
  },
];

export interface ColourSeed {
  id: number;
  label: string;
  hex: string;
  code: string;
}

/** About 18 named colours with hex values (spec §3). */
export const COLOURS: ColourSeed[] = [
  { id: 101, label: 'Biały', hex: '#F4F4F0', code: 'BIA' },
  { id: 102, label: 'Biały mat', hex: '#ECECE7', code: 'BIM' },
  { id: 103, label: 'Czarny mat', hex: '#1E1E1E', code: 'CZM' },
  { id: 104, label: 'Antracyt', hex: '#383E42', code: 'ANT' },
  { id: 105, label: 'Grafit', hex: '#4B4F54', code: 'GRA' },
  { id: 106, label: 'Szary jasny', hex: '#C9CBCC', code: 'SZJ' },
  { id: 107, label: 'Srebrny', hex: '#B8BCC0', code: 'SRE' },
  { id: 108, label: 'Chrom', hex: '#DADDE1', code: 'CHR' },
  { id: 109, label: 'Stal szczotkowana', hex: '#A9ABAD', code: 'INX' },
  { id: 110, label: 'Złoty', hex: '#C9A227', code: 'ZLO' },
  { id: 111, label: 'Miedziany', hex: '#B87333', code: 'MIE' },
  { id: 112, label: 'Mosiądz', hex: '#B5A642', code: 'MOS' },
  { id: 113, label: 'Beżowy', hex: '#D8C3A5', code: 'BEZ' },
  { id: 114, label: 'Kremowy', hex: '#F2E6C9', code: 'KRE' },
  { id: 115, label: 'Czerwony', hex: '#A52019', code: 'CZE' },
  { id: 116, label: 'Butelkowa zieleń', hex: '#2E4A3F', code: 'ZIE' },
  { id: 117, label: 'Granatowy', hex: '#1F2A44', code: 'GRN' },
  { id: 118, label: 'Oliwkowy', hex: '#6B7340', code: 'OLI' },
];

/** Fictional manufacturers (no real brand names). */
export const MANUFACTURERS = [
  { id: 201, label: 'Termolux' },
  { id: 202, label: 'Grzewex' },
  { id: 203, label: 'Ciepłodar' },
  { id: 204, label: 'Warmia Design' },
  { id: 205, label: 'Piastherm' },
  { id: 206, label: 'Kalormont' },
  { id: 207, label: 'Sarmatia Heat' },
  { id: 208, label: 'Bałtyk Radiatory' },
];

export const HEATER_TYPES = [
  { id: 301, label: 'Dekoracyjny' },
  { id: 302, label: 'Łazienkowy drabinkowy' },
  { id: 303, label: 'Elektryczny' },
  { id: 304, label: 'Panelowy' },
  { id: 305, label: 'Rurowy' },
  { id: 306, label: 'Członowy żeliwny' },
];

export const MATERIALS = [
  { id: 401, label: 'Stal' },
  { id: 402, label: 'Stal nierdzewna' },
  { id: 403, label: 'Aluminium' },
  { id: 404, label: 'Żeliwo' },
  { id: 405, label: 'Mosiądz' },
  { id: 406, label: 'Tworzywo' },
];

export const MOUNTS = [
  { id: 501, label: 'Ścienny' },
  { id: 502, label: 'Podłogowy' },
  { id: 503, label: 'Wolnostojący' },
];

/** `fitting`: what the radiator's connection is, as its data sheet states it (`connection_code`). */
export const CONNECTIONS = [
  { id: 601, label: 'Boczne 1/2″, rozstaw 500 mm', short: '500', fitting: 'G1/2″ gwint wewnętrzny' },
  { id: 602, label: 'Dolne V50 (rozstaw 50 mm)', short: 'V50', fitting: 'G3/4″ eurokonus' },
  { id: 603, label: 'Elektryczne 230 V', short: '230V', fitting: 'Przewód 230 V z wtyczką' },
];

export const ACCESSORY_TYPES = [
  { id: 701, label: 'Zawór termostatyczny' },
  { id: 702, label: 'Zawór powrotny' },
  { id: 703, label: 'Głowica termostatyczna' },
  { id: 704, label: 'Grzałka elektryczna' },
  { id: 705, label: 'Zestaw przyłączeniowy' },
  { id: 706, label: 'Wieszak na ręczniki' },
];

const options = (list: { id: number; label: string; hex?: string }[]): AttributeOption[] =>
  list.map((item, index) => ({ value: String(item.id), label: item.label, sort_order: index, ...(item.hex ? { swatch: item.hex } : {}) }));

const YES_NO: AttributeOption[] = [
  { value: '0', label: 'Nie', sort_order: 0 },
  { value: '1', label: 'Tak', sort_order: 1 },
];

type AttributeSeed = Pick<Attribute, 'attribute_code' | 'frontend_label' | 'frontend_input'> & Partial<Attribute>;

const ATTRIBUTE_SEEDS: AttributeSeed[] = [
  { attribute_code: 'color', frontend_label: 'Kolor', frontend_input: 'select', options: options(COLOURS), is_filterable: true, is_comparable: true },
  {
    attribute_code: 'manufacturer',
    frontend_label: 'Producent',
    frontend_input: 'select',
    options: options(MANUFACTURERS),
    is_filterable: true,
    is_comparable: true,
  },
  {
    attribute_code: 'heater_type',
    frontend_label: 'Rodzaj grzejnika',
    frontend_input: 'select',
    options: options(HEATER_TYPES),
    is_filterable: true,
    is_comparable: true,
  },
  { attribute_code: 'material', frontend_label: 'Materiał', frontend_input: 'select', options: options(MATERIALS), is_filterable: true, is_comparable: true },
  { attribute_code: 'mount', frontend_label: 'Montaż', frontend_input: 'select', options: options(MOUNTS), is_filterable: true, is_comparable: true },
  {
    attribute_code: 'connection_width',
    frontend_label: 'Podłączenie',
    frontend_input: 'select',
    options: options(CONNECTIONS),
    is_filterable: true,
    is_comparable: true,
  },
  {
    attribute_code: 'accessory_type',
    frontend_label: 'Rodzaj akcesorium',
    frontend_input: 'select',
    options: options(ACCESSORY_TYPES),
    is_filterable: true,
    is_comparable: true,
  },
  { attribute_code: 'width', frontend_label: 'Szerokość', frontend_input: 'text', unit: 'mm', is_filterable: true, is_comparable: true },
  { attribute_code: 'height', frontend_label: 'Wysokość', frontend_input: 'text', unit: 'mm', is_filterable: true, is_comparable: true },
  { attribute_code: 'depth', frontend_label: 'Głębokość', frontend_input: 'text', unit: 'mm', is_comparable: true },
  { attribute_code: 'power', frontend_label: 'Moc', frontend_input: 'text', unit: 'W', is_comparable: true },
  { attribute_code: 'power_75_65_20', frontend_label: 'Moc 75/65/20', frontend_input: 'text', unit: 'W', is_filterable: true, is_comparable: true },
  { attribute_code: 'power_70_55_20', frontend_label: 'Moc 70/55/20', frontend_input: 'text', unit: 'W', is_comparable: true },
  { attribute_code: 'connection_code', frontend_label: 'Gwint przyłącza', frontend_input: 'text', is_comparable: true },
  { attribute_code: 'working_pressure', frontend_label: 'Ciśnienie robocze', frontend_input: 'text', unit: 'bar', is_comparable: true },
  { attribute_code: 'elements_count', frontend_label: 'Liczba elementów', frontend_input: 'text', is_comparable: true },
  { attribute_code: 'delivery_time', frontend_label: 'Czas realizacji', frontend_input: 'text', unit: 'dni', is_filterable: true, is_comparable: true },
  { attribute_code: 'free_valves', frontend_label: 'Zawory gratis', frontend_input: 'boolean', options: YES_NO, is_filterable: true, is_comparable: true },
  { attribute_code: 'model', frontend_label: 'Model', frontend_input: 'text', is_comparable: true },
  { attribute_code: 'brand', frontend_label: 'Marka', frontend_input: 'text', is_comparable: true },
  { attribute_code: 'weight', frontend_label: 'Waga', frontend_input: 'text', unit: 'kg', is_comparable: true },
  { attribute_code: 'equipment_set', frontend_label: 'W zestawie', frontend_input: 'text', is_comparable: true },
  { attribute_code: 'palette_id', frontend_label: 'Paleta kolorów', frontend_input: 'text' },
  { attribute_code: 'gtin', frontend_label: 'Kod EAN', frontend_input: 'text' },
  { attribute_code: 'mpn', frontend_label: 'Kod producenta', frontend_input: 'text' },
  { attribute_code: 'size', frontend_label: 'Wymiary', frontend_input: 'text', is_comparable: true },
  { attribute_code: 'pdf', frontend_label: 'Karta produktu (PDF)', frontend_input: 'text' },
  { attribute_code: 'zip', frontend_label: 'Pliki CAD (ZIP)', frontend_input: 'text' },
  { attribute_code: 'bestseller', frontend_label: 'Bestseller', frontend_input: 'boolean', options: YES_NO, is_filterable: true },
  { attribute_code: 'flag', frontend_label: 'Kolekcja ekskluzywna', frontend_input: 'boolean', options: YES_NO, is_filterable: true },
  { attribute_code: 'hit_of_the_month', frontend_label: 'Hit miesiąca', frontend_input: 'boolean', options: YES_NO },
  { attribute_code: 'hit_of_the_week', frontend_label: 'Hit tygodnia', frontend_input: 'boolean', options: YES_NO },
  { attribute_code: 'hit_price', frontend_label: 'Cena hitu', frontend_input: 'price' },
  { attribute_code: 'ecommerce', frontend_label: 'Sprzedaż internetowa', frontend_input: 'boolean', options: YES_NO },
  { attribute_code: 'news_to_date', frontend_label: 'Nowość do', frontend_input: 'date' },
  { attribute_code: 'price', frontend_label: 'Cena', frontend_input: 'price', is_filterable: true },
  { attribute_code: 'name', frontend_label: 'Nazwa', frontend_input: 'text', is_user_defined: false },
  { attribute_code: 'sku', frontend_label: 'Kod produktu', frontend_input: 'text', is_user_defined: false },
  { attribute_code: 'description', frontend_label: 'Opis', frontend_input: 'text', is_user_defined: false },
];

/** Attribute metadata (spec §3): ids from 93, user-defined unless a system field. */
export const ATTRIBUTES: Attribute[] = ATTRIBUTE_SEEDS.map((seed, index) => ({
  attribute_id: 93 + index,
  is_user_defined: true,
  is_visible: true,
  is_visible_on_front: true,
  is_comparable: false,
  is_filterable: false,
  position: index,
  options: [],
  ...seed,
}));

export function attributeId(code: string): number {
  const attribute = ATTRIBUTES.find((candidate) => candidate.attribute_code === code);
  if (!attribute) throw new Error(`unknown attribute ${code}`);
  return attribute.attribute_id;
}

/** Product tax class 2 = standard 23 % VAT; customer class 3 = retail customer. */
export const STANDARD_TAX_CLASS = 2;
export const TAX_RULES = [
  {
    id: 1,
    code: 'PL VAT 23%',
    priority: 0,
    position: 0,
    customer_tax_class_ids: [3],
    product_tax_class_ids: [STANDARD_TAX_CLASS],
    tax_rate_ids: [1],
    rates: [{ id: 1, code: 'PL-23', rate: 23, tax_country_id: 'PL', tax_region_id: 0, region_name: '', tax_postcode: '*' }],
  },
];
