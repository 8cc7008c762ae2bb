import type { Product } from '@kaloryfer/api-contract';
import { recordPriceHistory } from './prices';
import { newProduct, singlePicture, stockFor } from './product-parts';
import type { SeedRun } from './seed-run';

/** Installation services (virtual products) and guides (downloadable, one free): the same few in every catalogue. */

interface ServiceOrGuide {
  code: string;
  name: string;
  price: number;
  description: string;
  /** A guide's file. */
  file?: string;
}

const SERVICES: readonly ServiceOrGuide[] = [
  {
    code: 'MONTAZ-DEK',
    name: 'Montaż grzejnika dekoracyjnego (usługa)',
    price: 349,
    description:
      'Montaż grzejnika dekoracyjnego przez instalatora z uprawnieniami: demontaż starego grzejnika, montaż nowego, podłączenie i próba szczelności.',
  },
  {
    code: 'MONTAZ-LAZ',
    name: 'Montaż grzejnika łazienkowego (usługa)',
    price: 299,
    description: 'Montaż grzejnika łazienkowego wraz z zaworami i odpowietrzeniem. Termin ustalamy telefonicznie w ciągu 2 dni roboczych.',
  },
  {
    code: 'MONTAZ-PAN',
    name: 'Montaż grzejnika panelowego (usługa)',
    price: 249,
    description: 'Wymiana grzejnika panelowego z podłączeniem bocznym lub dolnym, bez prac murarskich.',
  },
  { code: 'DOJAZD', name: 'Dojazd instalatora do 30 km', price: 99, description: 'Dojazd instalatora do klienta w promieniu 30 km od najbliższego salonu.' },
];

const GUIDES: readonly ServiceOrGuide[] = [
  {
    code: 'DOBOR-MOCY',
    name: 'Poradnik: jak dobrać moc grzejnika (PDF)',
    price: 0,
    file: 'poradnik-dobor-mocy.pdf',
    description: 'Bezpłatny poradnik: jak policzyć zapotrzebowanie na ciepło, jak czytać moc 75/65/20 i 55/45/20 i jak dobrać grzejnik do pompy ciepła.',
  },
  {
    code: 'MONTAZ-DRABINKI',
    name: 'Instrukcja montażu grzejnika drabinkowego (PDF)',
    price: 19.99,
    file: 'instrukcja-montazu-drabinki.pdf',
    description: 'Instrukcja krok po kroku: wymiary montażowe, uchwyty, zawory, odpowietrzenie i pierwsze uruchomienie grzejnika łazienkowego.',
  },
  {
    code: 'POMPA-CIEPLA',
    name: 'E-book: grzejniki do pompy ciepła (PDF)',
    price: 29.99,
    file: 'ebook-grzejniki-pompa-ciepla.pdf',
    description: 'Jak dobrać grzejniki do niskotemperaturowej instalacji z pompą ciepła: przeliczenia mocy, przykłady i tabele.',
  },
  {
    code: 'KONSERWACJA',
    name: 'Poradnik konserwacji grzejników (PDF)',
    price: 9.99,
    file: 'poradnik-konserwacja.pdf',
    description: 'Odpowietrzanie, czyszczenie, płukanie instalacji i przygotowanie grzejników do sezonu grzewczego.',
  },
];

/** "Montaż i poradniki". */
const CATEGORY = 23;

/** What sets a service apart from a guide: SKU prefix, product type, picture, days to deliver and keywords. */
const KINDS = {
  service: {
    skuPrefix: 'KF-US',
    type_id: 'virtual',
    image: '/product/service-400x400-383e42.svg',
    deliveryTime: 7,
    keywords: 'montaż grzejnika, instalator, usługa',
  },
  guide: {
    skuPrefix: 'KF-PR',
    type_id: 'downloadable',
    image: '/product/guide-400x560-c9a227.svg',
    deliveryTime: 0,
    keywords: 'poradnik, instrukcja montażu, pdf',
  },
} as const;

/** Always enabled and visible; not counted in stock; the price never had a promotion. */
function buildServiceOrGuide(run: SeedRun, kind: keyof typeof KINDS, { code, name, price, description, file }: ServiceOrGuide): Product {
  const facts = KINDS[kind];
  const product = newProduct(run, { sku: `${facts.skuPrefix}-${code}`, name, type_id: facts.type_id, leafCategory: CATEGORY });
  Object.assign(product, {
    price,
    status: 1,
    visibility: 4,
    stock: stockFor(run, 'service'),
    ...singlePicture(facts.image, name),
    // A free guide may be shared.
    ...(file ? { downloadable_links: [{ id: product.id * 10, title: name, file, is_shareable: price === 0 }] } : {}),
    delivery_time: facts.deliveryTime,
    short_description: description.slice(0, 150),
    description,
    meta_title: name,
    meta_keyword: facts.keywords,
    meta_description: description.slice(0, 150),
  });
  recordPriceHistory(run, product.sku, price, {});
  return product;
}

export function buildServicesAndGuides(run: SeedRun): Product[] {
  return [...SERVICES.map((service) => buildServiceOrGuide(run, 'service', service)), ...GUIDES.map((guide) => buildServiceOrGuide(run, 'guide', guide))];
}
