import { adviceListHref, parseAdviceQuery } from './advice-query';
import { headingId, parseBody } from './markdown-light';
import { snippet, SNIPPET_LIMIT } from './snippet';

describe('snippet (spec §9: 150 characters)', () => {
  const long =
    'Za mały grzejnik nie dogrzeje pokoju, za duży niepotrzebnie kosztuje. Pokazujemy, jak w kilka minut policzyć potrzebną moc, z uwzględnieniem ocieplenia domu i temperatury wody.';

  test.each([
    ['Krótki wstęp.', 'Krótki wstęp.'],
    ['x'.repeat(150), 'x'.repeat(150)],
    ['słowo '.repeat(30), `${'słowo '.repeat(25).trim()}…`], // 25 words are 149 characters
  ])('%j → %j', (text, cut) => {
    expect(snippet(text)).toBe(cut);
  });

  test('a long lead: at most 150 characters with the ellipsis, cut after a whole word, no dangling comma', () => {
    const cut = snippet(long);
    expect(cut.length).toBeLessThanOrEqual(SNIPPET_LIMIT);
    expect(cut).toBe(
      'Za mały grzejnik nie dogrzeje pokoju, za duży niepotrzebnie kosztuje. Pokazujemy, jak w kilka minut policzyć potrzebną moc, z uwzględnieniem…',
    );
    expect(snippet('ab, '.repeat(60))).toMatch(/ab…$/);
  });

  test('one word longer than the limit is cut inside it', () => {
    expect(snippet('a'.repeat(200))).toBe(`${'a'.repeat(149)}…`);
  });
});

describe('markdown-light bodies', () => {
  test('headings with ids, paragraphs joined from their lines, lists from "- " lines', () => {
    expect(parseBody('## Pierwszy krok\n\nLinia jedna\nlinia dwa.\n\n- raz\n- dwa\nTekst po liście.\n## Łazienka – żeliwo\n## Pierwszy krok')).toEqual([
      { type: 'heading', id: 'pierwszy-krok', text: 'Pierwszy krok' },
      { type: 'paragraph', text: 'Linia jedna linia dwa.' },
      { type: 'list', items: ['raz', 'dwa'] },
      { type: 'paragraph', text: 'Tekst po liście.' },
      { type: 'heading', id: 'lazienka-zeliwo', text: 'Łazienka – żeliwo' },
      { type: 'heading', id: 'pierwszy-krok-2', text: 'Pierwszy krok' },
    ]);
  });

  test.each([
    ['Podłączenie dolne V50', 'podlaczenie-dolne-v50'],
    ['Źródło ciepła: ŁAŃCUCH', 'zrodlo-ciepla-lancuch'],
    ['!!!', 'sekcja'],
  ])('%s → #%s', (text, id) => {
    expect(headingId(text, new Set())).toBe(id);
  });
});

describe("the list's address", () => {
  test.each([
    ['', { topic: null, page: 1 }, '/porady'],
    ['?topic=lazienka', { topic: 'lazienka', page: 1 }, '/porady?topic=lazienka'],
    ['?topic=lazienka&page=2', { topic: 'lazienka', page: 2 }, '/porady?topic=lazienka&page=2'],
    ['?page=0', { topic: null, page: 1 }, '/porady'],
    ['?page=2.5&topic=Bad%20Topic', { topic: null, page: 1 }, '/porady'],
    ['?page=abc&topic=%3Cscript%3E', { topic: null, page: 1 }, '/porady'],
  ])('%s → %j → %s', (search, query, href) => {
    expect(parseAdviceQuery(search)).toEqual(query);
    expect(adviceListHref(parseAdviceQuery(search))).toBe(href);
  });
});
