import { forgetCmsAnswers } from '../cms-api';
import type { CmsBlock, CmsBlockPage, CmsHierarchy, CmsPage } from '@kaloryfer/api-contract';
import { cmsHierarchyOf } from '@kaloryfer/domain';

/**
 * Tests' stand-in for the shop API's CMS calls at the fetch boundary: a small tree like the
 * seed's (informacje → regulamin, dostawa, zwroty → formularz-odstapienia), answered as
 * /api/cms/page, /api/cms/hierarchy and /api/cms/blocks answer — HTML already sanitised, as the
 * API serves it. Every request is kept for the test to look at.
 */
export const REGULAMIN_HTML = [
  '<p>Regulamin określa zasady zakupów w sklepie Kaloryfer.</p>',
  '<h2>§ 3. Zamówienia</h2>',
  '<ol><li>Zamówienie składa się przyciskiem <strong>„Zamawiam i płacę”</strong>.</li><li>Umowę zawieramy z chwilą potwierdzenia.</li></ol>',
  '<h2>§ 5. Dostawa</h2>',
  '<table><caption>Koszty dostawy</caption><thead><tr><th scope="col">Sposób</th><th scope="col">Koszt</th></tr></thead>',
  '<tbody><tr><th scope="row">Kurier DPD</th><td>29,00 zł</td></tr><tr><th scope="row">Paczkomat InPost</th><td>16,99 zł</td></tr></tbody></table>',
  '<p>Szczegóły: <a href="/i/dostawa">Dostawa</a>. Spory: <a href="https://prawakonsumenta.uokik.gov.pl" rel="noopener noreferrer">prawakonsumenta.uokik.gov.pl</a>.</p>',
].join('');

const cmsPage = (id: number, identifier: string, title: string, parent: string | null, position: number, content = `<p>${title}.</p>`): CmsPage => ({
  id,
  identifier,
  title,
  content_heading: title,
  content,
  meta_title: title,
  meta_description: `${title}.`,
  parent_identifier: parent,
  position,
  active: true,
  updated_at: '2026-11-01 09:00:00',
});

export const PAGES: CmsPage[] = [
  cmsPage(1, 'informacje', 'Informacje dla klienta', null, 1),
  cmsPage(2, 'regulamin', 'Regulamin sklepu', 'informacje', 1, REGULAMIN_HTML),
  cmsPage(4, 'dostawa', 'Dostawa', 'informacje', 2),
  cmsPage(5, 'zwroty', 'Zwroty i reklamacje', 'informacje', 3),
  cmsPage(9, 'formularz-odstapienia', 'Formularz odstąpienia od umowy', 'zwroty', 1),
];

export const BLOCKS: CmsBlock[] = [
  {
    id: 5,
    identifier: 'footer-contact',
    title: 'Kontakt',
    active: true,
    content: '<p><a href="tel:+48123456789">+48 123 456 789</a><br /><a href="mailto:sklep@kaloryfer.pl">sklep@kaloryfer.pl</a></p><p>pon.–pt. 8:00–18:00</p>',
  },
  { id: 6, identifier: 'footer-newsletter', title: 'Newsletter', content: 'Zapisz się.', active: true },
];

/** As the API answers it: the one walk of @kaloryfer/domain (the API's too). */
export function hierarchyOf(identifier: string, pages: CmsPage[] = PAGES): CmsHierarchy | null {
  return cmsHierarchyOf(identifier, pages);
}

const json = (status: number, payload: unknown) =>
  ({
    ok: status < 400,
    status,
    statusText: status < 400 ? 'OK' : 'Error',
    json: async () => payload,
  }) as Response;
const EMPTY = json(404, { code: 404, result: 'CMS query returned empty result' });

/** Installs the stand-in as global fetch (over `pages`); returns the URLs it has answered. */
export function standInCmsApi(pages: CmsPage[] = PAGES): URL[] {
  forgetCmsAnswers(); // a new API: nothing remembered from the last one
  const sent: URL[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    sent.push(url);
    const [, , , kind, identifier] = url.pathname.split('/');
    if (kind === 'page') {
      const page = pages.find((candidate) => candidate.identifier === decodeURIComponent(identifier));
      return page ? json(200, { code: 200, result: page }) : EMPTY;
    }
    if (kind === 'hierarchy') {
      const hierarchy = hierarchyOf(decodeURIComponent(identifier), pages);
      return hierarchy ? json(200, { code: 200, result: hierarchy }) : EMPTY;
    }
    if (kind === 'blocks') {
      const like = url.searchParams.get('like') ?? '';
      const items = BLOCKS.filter((block) => block.identifier.includes(like));
      const blocks: CmsBlockPage = { items, total: items.length, start: 0, perPage: 150 };
      return json(200, { code: 200, result: blocks });
    }
    return json(404, { code: 404, result: 'not in the stand-in' });
  }) as typeof fetch;
  return sent;
}
