import { isListed } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { Random } from './random';

/**
 * Approved reviews for part of the catalogue: realistic Polish opinions whose tone follows the
 * rating (mostly 4–5 stars, as in real radiator shops), dated within two years before `today`.
 * Deterministic: the same products, seed and day give the same rows.
 */
export interface SeedReview {
  product_id: number;
  nickname: string;
  title: string;
  detail: string;
  rating: number;
  status: 'approved';
  created_at: string;
}

const NICKNAMES = [
  'Marek z Poznania',
  'Kasia',
  'Tomasz W.',
  'Agnieszka',
  'Paweł_instalator',
  'Ewa z Krakowa',
  'Grzegorz',
  'Joanna M.',
  'Łukasz',
  'Magdalena',
  'Piotr (pompa ciepła)',
  'Anna K.',
  'Michał',
  'Zofia',
  'Krzysztof z Gdańska',
  'Barbara',
  'Wojtek',
  'Małgorzata',
  'Jakub',
  'Dorota z Lublina',
  'Hydraulik Rafał',
  'Ola',
  'Andrzej',
  'Natalia',
];

/** Title and text pairs per star count (index 0 = 1 star). */
const OPINIONS: [string, string][][] = [
  [
    ['Nie polecam', 'Grzejnik przyszedł porysowany, a wymiana trwała ponad trzy tygodnie. Sam produkt grzeje, ale obsługa mnie zawiodła.'],
    ['Moc niższa niż w opisie', 'Przy naszej instalacji (50/40) w łazience jest chłodno, spodziewałem się więcej. Trzeba było dobrać większy model.'],
  ],
  [
    ['Przeciętnie', 'Wygląda dobrze, ale farba odprysnęła przy uchwycie już przy montażu. Zestaw montażowy mógłby być solidniejszy.'],
    ['Długa dostawa', 'Czas realizacji wydłużył się o tydzień bez informacji. Grzejnik w porządku, choć odpowietrznik trochę cieknie.'],
  ],
  [
    ['Poprawny grzejnik', 'Spełnia swoje zadanie, montaż bez niespodzianek. Kolor nieco ciemniejszy niż na zdjęciach.'],
    ['Może być', 'Grzeje zgodnie z tabelą mocy, ale uchwyty ścienne są dość delikatne. Za tę cenę oczekiwałem trochę więcej.'],
  ],
  [
    ['Dobry zakup', 'Solidne wykonanie i równe spawy. Jedna gwiazdka mniej za brak korków w zestawie, trzeba było dokupić.'],
    ['Ładny i ciepły', 'Dobrze komponuje się z łazienką, ręczniki schną szybko. Kurier przyjechał dzień później niż obiecano.'],
    ['Polecam z małym zastrzeżeniem', 'Działa przy niskich temperaturach zasilania z pompą ciepła, warto jednak wziąć model o rozmiar większy.'],
  ],
  [
    ['Świetny grzejnik', 'Piękne wykończenie, montaż zajął godzinę. Grzeje równomiernie na całej wysokości, w pokoju od razu cieplej.'],
    ['Bardzo polecam', 'Zamówienie przyszło w dwa dni, bardzo dobrze zapakowane. Kolor dokładnie jak w katalogu RAL.'],
    ['Idealny do łazienki', 'Ręczniki suche w kwadrans, a grzejnik wygląda jak element wystroju. Zestaw zaworów w komplecie to duży plus.'],
    ['Działa z pompą ciepła', 'Przy zasilaniu 45/35 moc zgadza się z kalkulatorem na stronie. Cisza, brak szumów, równe nagrzewanie.'],
    ['Jakość na lata', 'Gruba stal, porządne mocowania i staranne malowanie proszkowe. Kupiłem drugi do sypialni.'],
  ],
];

/** Real shops skew positive: 5★ half the time, 1★ rarely. */
const RATING_WEIGHTS = [0.05, 0.06, 0.11, 0.28, 0.5];

function pickRating(random: Random): number {
  let roll = random.next();
  for (let index = 0; index < RATING_WEIGHTS.length; index += 1) {
    roll -= RATING_WEIGHTS[index];
    if (roll < 0) return index + 1;
  }
  return 5;
}

export function generateReviews(products: Product[], seed: number, today: string): SeedReview[] {
  const random = new Random(seed ^ 0x5eed_4e11);
  const end = Date.parse(`${today}T12:00:00Z`);
  const reviews: SeedReview[] = [];
  for (const product of products) {
    if (!isListed(product, false) || product.type_id === 'virtual' || product.type_id === 'downloadable') continue;
    if (!random.chance(0.45)) continue;
    const count = random.int(1, 9);
    for (let index = 0; index < count; index += 1) {
      const rating = pickRating(random);
      const [title, detail] = random.pick(OPINIONS[rating - 1]);
      const daysAgo = random.int(1, 730);
      reviews.push({
        product_id: product.id,
        nickname: random.pick(NICKNAMES),
        title,
        detail,
        rating,
        status: 'approved',
        created_at: new Date(end - daysAgo * 86_400_000 - random.int(0, 86_399) * 1000).toISOString(),
      });
    }
  }
  return reviews;
}
