/** @jest-environment node */
import { $route, type RegionRequest } from '@kaloryfer/contracts';
import { atom } from 'nanostores';
import { useTranslation } from '@kaloryfer/i18n';
import { apiJson } from '../../api-json';
import { PageFrame } from '../../page-frame';
import { useRequestStore } from '../hydration';
import { usePageData } from '../page-data';
import { useServerRender } from '../server-render-context';
import { createServerRender } from './create-server-render';
import { routePage } from '../route-page';

/** A remote in miniature: its page asks the API for data, which asks for more (two round trips). */
const $temperature = atom('75/65/20');
const NAMESPACE = {
  name: 'demo',
  loaders: {
    'pl-PL': async () => ({ 'price.label': 'Cena', 'missing.title': 'Brak' }),
    'en-US': async () => ({ 'price.label': 'Price', 'missing.title': 'Missing' }),
  },
};

function Product({ sku }: { sku: string }) {
  const { t } = useTranslation('demo');
  const at = useRequestStore($temperature);
  const product = usePageData(`product-${sku}`, (signal) => apiJson<{ name: string; related: string }>(`/api/product/${sku}`, { signal }));
  if (product.status === 'error') {
    useServerRender()?.relocate(`/page-not-found?nf=${sku}`, 404);
    return null;
  }
  if (product.status !== 'ready') return <p>loading</p>;
  return (
    <PageFrame title={product.value.name}>
      <p>
        {t('price.label')} @ {at}
      </p>
      <Related sku={product.value.related} />
    </PageFrame>
  );
}

/** Shown once the product is known: its data is asked for by the second render. */
function Related({ sku }: { sku: string }) {
  const related = usePageData(`product-${sku}`, (signal) => apiJson<{ name: string }>(`/api/product/${sku}`, { signal }));
  return related.status === 'ready' ? <p>related: {related.value.name}</p> : null;
}

function Routes() {
  const route = useRequestStore($route);
  return <Product sku={route.params.parentSku} />;
}

const render = createServerRender({
  namespace: NAMESPACE,
  regions: { './app': { render: () => <Routes />, head: ({ route }) => ({ canonical: `https://shop.test${route.path}` }) } },
  stores: (request) => [[$temperature, request.cookies.kf_heat ?? '75/65/20']],
});

const products: Record<string, { name: string; related: string }> = {
  'KF-1': { name: 'Grzejnik Aura', related: 'KF-2' },
  'KF-2': { name: 'Grzejnik Bora', related: 'KF-1' },
};
let requested: string[];
beforeEach(() => {
  requested = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const sku = String(url).split('/').pop()!;
    requested.push(String(url));
    // The two products answer at different times, so concurrent renders interleave.
    await new Promise((resolve) => setTimeout(resolve, sku === 'KF-1' ? 15 : 5));
    const product = products[sku];
    return {
      ok: Boolean(product),
      status: product ? 200 : 404,
      statusText: 'Not Found',
      json: async () => product ?? { result: 'Product query returned an empty result' },
    } as Response;
  }) as typeof fetch;
});

const request = (path: string, language = 'pl-PL', cookies: Record<string, string> = {}): RegionRequest => ({
  module: './app',
  path,
  search: '',
  language,
  cookies,
  apiOrigin: 'http://127.0.0.1:3000',
  publicOrigin: 'https://shop.test',
});

test('a render loads what its components ask for (again and again until nothing is missing) and hands the values over', async () => {
  const result = await render(request('/p/KF-1/aura'));
  expect(result.status).toBe(200);
  expect(result.html).toContain('<h1 id="_R_0_">Grzejnik Aura</h1>');
  expect(result.html).toContain('<p>related: <!-- -->Grzejnik Bora</p>');
  expect(requested).toEqual(['http://127.0.0.1:3000/api/product/KF-1', 'http://127.0.0.1:3000/api/product/KF-2']);
  expect(result.data).toEqual({ 'product-KF-1': { value: products['KF-1'] }, 'product-KF-2': { value: products['KF-2'] } });
  expect(result.head).toEqual({ title: 'Grzejnik Aura', canonical: 'https://shop.test/p/KF-1/aura' });
  expect(result.interactive).toBe(true);
});

test("two requests at once, in Polish and English, with different routes and cookies, never see each other's", async () => {
  const [polish, english] = await Promise.all([render(request('/p/KF-1/aura', 'pl-PL', { kf_heat: '45/35/20' })), render(request('/p/KF-2/bora', 'en-US'))]);
  expect(polish.html).toContain('Grzejnik Aura');
  expect(polish.html).toContain('Cena<!-- --> @ <!-- -->45/35/20');
  expect(polish.html).toContain('aria-label="Okruszki"');
  expect(english.html).toContain('Grzejnik Bora');
  expect(english.html).toContain('Price<!-- --> @ <!-- -->75/65/20');
  expect(english.html).toContain('aria-label="Breadcrumbs"');
  expect(Object.keys(polish.data)).toEqual(['product-KF-1', 'product-KF-2']);
  expect(Object.keys(english.data)).toEqual(['product-KF-2', 'product-KF-1']);
  expect(polish.html).toContain('related: <!-- -->Grzejnik Bora');
  expect(english.html).toContain('related: <!-- -->Grzejnik Aura');
});

test('a failed load is handed over as the failure the page rendered; a page that names nothing relocates with 404', async () => {
  const result = await render(request('/p/KF-404/x'));
  expect(result.status).toBe(404);
  expect(result.redirect).toBe('/page-not-found?nf=KF-404');
  expect(result.data['product-KF-404']).toEqual({ error: { status: 404, message: 'Product query returned an empty result' } });
});

test('a module that is not server-rendered is refused', async () => {
  await expect(render({ ...request('/'), module: './MiniCart' })).rejects.toThrow('./MiniCart is not rendered on the server');
});

test("a remote's pages split by route are all loaded (`prepare`) before its first render draws one, and the render names the page it drew", async () => {
  let loads = 0;
  const Page = routePage<{ text: string }>('page-advice', async () => {
    loads += 1;
    return ({ text }) => <h1>{text}</h1>;
  });
  const renderSplit = createServerRender({
    namespace: NAMESPACE,
    regions: { './app': { render: () => <Page text="Porady" /> } },
    prepare: () => Page.preload(),
  });
  const [first, second] = await Promise.all([renderSplit(request('/porady')), renderSplit(request('/porady'))]);
  expect(first.html).toBe('<h1>Porady</h1>');
  expect(second.html).toBe('<h1>Porady</h1>');
  expect(loads).toBe(1);
  // The page server hints this page's chunk files from it.
  expect(first.pages).toEqual(['page-advice']);
});
