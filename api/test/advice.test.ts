import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/** /porady's endpoints over real HTTP against the seeded articles: topics, paging, an article's related category. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

const json = async (path: string) => {
  const response = await fetch(server.baseUrl + path);
  return { status: response.status, body: await response.json() };
};

interface Summary {
  slug: string;
  topic: string;
  published_at: string;
}

test('every topic with its count, most articles first; the counts add up to the total', async () => {
  const { status, body } = await json('/api/advice?size=50');
  expect(status).toBe(200);
  const { topics, total, items } = body.result as { topics: { topic: string; count: number }[]; total: number; items: Summary[] };
  expect(topics.length).toBeGreaterThanOrEqual(5);
  expect(topics.reduce((sum, topic) => sum + topic.count, 0)).toBe(total);
  expect(topics.map((topic) => topic.count)).toEqual([...topics.map((topic) => topic.count)].sort((a, b) => b - a));
  for (const { topic, count } of topics) expect(items.filter((item) => item.topic === topic)).toHaveLength(count);
});

test('a topic filters the articles, newest first, and pages by from and size', async () => {
  const all = (await json('/api/advice?size=50')).body.result;
  const [{ topic, count }] = all.topics as { topic: string; count: number }[];
  const filtered = (await json(`/api/advice?topic=${topic}&size=50`)).body.result;
  expect(filtered.total).toBe(count);
  expect(filtered.items.every((item: Summary) => item.topic === topic)).toBe(true);
  expect(filtered.topics).toEqual(all.topics);

  const second = (await json('/api/advice?from=12&size=12')).body.result;
  expect(second).toMatchObject({ start: 12, perPage: 12, total: all.total });
  expect(second.items.map((item: Summary) => item.slug)).toEqual(all.items.slice(12, 24).map((item: Summary) => item.slug));
});

test('an unknown topic answers no articles (the storefront shows all)', async () => {
  const { status, body } = await json('/api/advice?topic=nie-ma-takiego');
  expect(status).toBe(200);
  expect(body.result).toMatchObject({ items: [], total: 0 });
  expect(body.result.topics.length).toBeGreaterThan(0);
});

test('an article names its related category (id for one catalogue search), related articles of its topic and its neighbours', async () => {
  const { body } = await json('/api/advice/grzejniki-do-pompy-ciepla');
  const { article, category, related, newer, older } = body.result;
  expect(category).toEqual({
    id: 14,
    name: 'Grzejniki panelowe typ 33',
    slug: 'grzejniki-panelowe-typ-33',
    url_path: 'grzejniki-pokojowe/grzejniki-panelowe/grzejniki-panelowe-typ-33',
  });
  expect(article.related_category_slug).toBe(category.slug);
  expect(article.body).toContain('## ');
  for (const other of related) expect(other).toEqual({ slug: expect.any(String), title: expect.any(String) });
  expect(related.map((other: { slug: string }) => other.slug)).not.toContain(article.slug);
  expect(newer).toBeNull(); // the newest article
  expect(older).toEqual({ slug: expect.any(String), title: expect.any(String) });
});

test.each([
  ['/api/advice?topic=Pompy%20ciep%C5%82a', 400, 'querystring.topic must match pattern "^[a-z0-9][a-z0-9-]*$"'],
  ['/api/advice?size=51', 400, 'querystring.size must be <= 50'],
  ['/api/advice?from=-1', 400, 'querystring.from must be >= 0'],
  ['/api/advice?from=abc', 400, 'querystring.from must be integer'],
  ['/api/advice/Zla%20nazwa', 400, 'params.slug must match pattern "^[a-z0-9][a-z0-9_-]*$"'],
  ['/api/advice/nie-ma-takiej-porady', 404, 'CMS query returned empty result'],
])('%s → %i "%s"', async (path, status, message) => {
  expect(await json(path)).toMatchObject({ status, body: { code: status, result: message } });
});
