import type { CmsBlock, CmsPage } from '@kaloryfer/api-contract';
import { startTestServer, TEST_TODAY, type TestServer } from '../harness/test-server';

/**
 * CMS content over HTTP: hostile HTML in seed-like content is sanitised when the seed writes it
 * and again when the catalogue loads rows written any other way (docs/content.md), and the
 * blocks query keeps the spec's sizes (§7, §9: 150 by default, at most 500).
 */
// Functions, not constants: jest.mock below runs before this module's constants exist.
function hostileHtml(): string {
  return [
    '<h2>Zasady</h2>',
    '<p onmouseover="steal()">Treść <img src=x onerror="steal()"></p>',
    '<script>steal()</script>',
    '<p><a href="javascript:steal()">kliknij</a> <a href="/i/dostawa" onclick="steal()">Dostawa</a> <a href="https://example.com" target="_blank">zewnętrzny</a></p>',
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
  ].join('');
}

function hostilePage(id: number, identifier: string): CmsPage {
  return {
    id,
    identifier,
    title: 'Strona z pułapką',
    content_heading: 'Strona z pułapką',
    content: hostileHtml(),
    meta_title: 'Strona z pułapką',
    meta_description: '',
    parent_identifier: 'informacje',
    position: 99,
    active: true,
    updated_at: '2026-11-01 09:00:00',
  };
}

function hostileBlock(id: number, identifier: string): CmsBlock {
  return { id, identifier, title: 'Blok z pułapką', content: hostileHtml(), active: true };
}

// The seed's content with one hostile page and block, as if an editor had pasted them in.
jest.mock('../src/seed/content', () => {
  const actual = jest.requireActual('../src/seed/content');
  return {
    ...actual,
    CMS_PAGES: [...actual.CMS_PAGES, hostilePage(901, 'pulapka-seed')],
    CMS_BLOCKS: [...actual.CMS_BLOCKS, hostileBlock(901, 'pulapka-seed')],
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: { products: 30, seed: 2026, today: TEST_TODAY } });
});
afterAll(() => server.close());

const json = async (path: string) => {
  const response = await fetch(server.baseUrl + path);
  return { status: response.status, body: await response.json() };
};

/** What must never come out of the API, whatever was written. */
function expectClean(html: string) {
  expect(html).not.toMatch(/<script|<style|<iframe|<img|onerror|onclick|onmouseover|javascript:|target=/i);
  expect(html).toContain('<h2>Zasady</h2>');
  expect(html).toContain('kliknij'); // the dangerous link's text stays, without its link
  expect(html).toContain('<a href="/i/dostawa">Dostawa</a>');
  expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">zewnętrzny</a>');
}

describe('sanitised at seed time', () => {
  test('the rows the seed stores are clean', async () => {
    const page = await server.db.kysely.selectFrom('cms_page').select('doc').where('identifier', '=', 'pulapka-seed').executeTakeFirstOrThrow();
    const block = await server.db.kysely.selectFrom('cms_block').select('doc').where('identifier', '=', 'pulapka-seed').executeTakeFirstOrThrow();
    expectClean((JSON.parse(page.doc) as CmsPage).content);
    expectClean((JSON.parse(block.doc) as CmsBlock).content);
  });

  test('/api/cms/page/:id and /api/cms/blocks answer it clean', async () => {
    const page = await json('/api/cms/page/pulapka-seed');
    expect(page.status).toBe(200);
    expectClean(page.body.result.content);
    const blocks = await json('/api/cms/blocks?like=pulapka');
    expect(blocks.body.result.items).toHaveLength(1);
    expectClean(blocks.body.result.items[0].content);
  });

  test("every page of the shop's seed is served as the seed wrote it: headings, lists, a table, links", async () => {
    const { body } = await json('/api/cms/page/dostawa');
    expect(body.result.content).toMatch(/<h2>.*<\/h2>/);
    expect(body.result.content).toContain('<table>');
    expect(body.result.content).toContain('<a href="/i/platnosci">');
    expect(body.result.meta_description.length).toBeLessThanOrEqual(150);
  });
});

describe('sanitised again when the catalogue loads rows written another way', () => {
  beforeAll(async () => {
    const page = hostilePage(902, 'pulapka-baza');
    const block = hostileBlock(902, 'pulapka-baza');
    await server.db.kysely
      .insertInto('cms_page')
      .values({ id: page.id, identifier: page.identifier, doc: JSON.stringify(page) })
      .execute();
    await server.db.kysely
      .insertInto('cms_block')
      .values({ id: block.id, identifier: block.identifier, doc: JSON.stringify(block) })
      .execute();
    await server.app.catalog.refresh();
  });

  test('the page and the block never come out with their script, handlers or javascript: link', async () => {
    const page = await json('/api/cms/page/pulapka-baza');
    expect(page.status).toBe(200);
    expectClean(page.body.result.content);
    const blocks = await json('/api/cms/blocks?like=pulapka-baza');
    expectClean(blocks.body.result.items[0].content);
  });

  test('the hierarchy lists it among its siblings by its title only', async () => {
    const { body } = await json('/api/cms/hierarchy/pulapka-baza');
    expect(body.result.parents).toEqual([{ identifier: 'informacje', title: 'Informacje dla klienta' }]);
    expect(body.result.siblings).toContainEqual({ identifier: 'pulapka-baza', title: 'Strona z pułapką' });
  });
});

describe('blocks query limits (spec §7, §9)', () => {
  const MANY = 520;
  beforeAll(async () => {
    const rows = Array.from({ length: MANY }, (_, index) => ({
      id: 10_000 + index,
      identifier: `limit-${String(index).padStart(3, '0')}`,
      title: `Blok ${index}`,
      content: '<p>x</p>',
      active: true,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await server.db.kysely
        .insertInto('cms_block')
        .values(rows.slice(start, start + 200).map((block) => ({ id: block.id, identifier: block.identifier, doc: JSON.stringify(block) })))
        .execute();
    }
    await server.app.catalog.refresh();
  });

  test('150 by default, from 0', async () => {
    const { status, body } = await json('/api/cms/blocks?like=limit-');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ total: MANY, start: 0, perPage: 150 });
    expect(body.result.items).toHaveLength(150);
    expect(body.result.items[0].identifier).toBe('limit-000');
  });

  test('up to 500 when asked; from pages on', async () => {
    const most = await json('/api/cms/blocks?like=limit-&size=500');
    expect(most.body.result.items).toHaveLength(500);
    const rest = await json('/api/cms/blocks?like=limit-&size=500&from=500');
    expect(rest.body.result.items.map((block: CmsBlock) => block.identifier)).toEqual(Array.from({ length: MANY - 500 }, (_, index) => `limit-${500 + index}`));
  });

  test.each([
    ['size=501', 'querystring.size must be <= 500'],
    ['size=0', 'querystring.size must be >= 1'],
    ['from=-1', 'querystring.from must be >= 0'],
  ])('%s → 400 "%s"', async (query, message) => {
    expect(await json(`/api/cms/blocks?like=limit-&${query}`)).toMatchObject({ status: 400, body: { code: 400, result: message } });
  });

  test('inactive blocks are not listed', async () => {
    const block = { id: 20_000, identifier: 'limit-ukryty', title: 'Ukryty', content: '<p>x</p>', active: false };
    await server.db.kysely
      .insertInto('cms_block')
      .values({ id: block.id, identifier: block.identifier, doc: JSON.stringify(block) })
      .execute();
    await server.app.catalog.refresh();
    expect((await json('/api/cms/blocks?like=limit-ukryty')).body.result.total).toBe(0);
  });
});
