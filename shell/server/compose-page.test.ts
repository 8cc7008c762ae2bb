/** @jest-environment node */
import { serializeConsent } from '../src/consent/consent-cookie';
import { ExperimentCookie, Overrides } from '../../api/public/page-parts';
import type { Override } from '@kaloryfer/api-contract';
import type { RegionRequest, RegionResult } from '@kaloryfer/contracts';
import { ServerI18n } from '@kaloryfer/i18n/server';
import { SHELL_BUNDLES } from '../src/i18n/shell-bundles';
import type { PageState } from '../src/state/page-state';
import { context, propagation, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { composePage, type ComposeDeps, type PageRequest } from './compose-page';
import { RegionUnavailable } from './renderers';
import type { RegistrySnapshot, ResolvedBuild } from './registry-snapshot';
import { ShellLayoutHtml } from './shell-layout-html';
import { registryFile, snapshotOf } from './testing/registry-fixture';

const i18n = new ServerI18n();
i18n.addBundles('shell', SHELL_BUNDLES);
const layout = new ShellLayoutHtml();

type Renderer = (build: ResolvedBuild, request: RegionRequest) => RegionResult | Promise<RegionResult>;

const result = (html: string, extra: Partial<RegionResult> = {}): RegionResult => ({ html, status: 200, data: {}, interactive: true, ...extra });

/** Each remote renders a line naming itself, the build and what it was asked. */
const echo: Renderer = (build, request) =>
  request.module === './Footer'
    ? result(`<p>footer ${build.variant.name}</p>`, { interactive: false })
    : result(`<h1>${build.variant.name} ${request.path}${request.search} ${request.language}</h1>`, {
        data: { key: { value: 1 } },
        head: { title: `${build.variant.name} page` },
      });

const NONCE = 'dGVzdC1ub25jZS0xMjM0NQ==';

let snapshot: RegistrySnapshot;
let cleanup: () => void;
beforeAll(async () => ({ snapshot, cleanup } = await snapshotOf(registryFile())));
afterAll(() => cleanup());

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const consentOf = (analytics: boolean) => serializeConsent({ analytics, marketing: false }, Date.now());
const CONSENTED = consentOf(true);
const REFUSED = consentOf(false);

function deps(render: Renderer = echo, extra: Partial<ComposeDeps> = {}): ComposeDeps {
  return {
    snapshot,
    render: async (build, request) => render(build, request),
    shell: { scripts: ['/main.1234abcd.js'], css: 'body{margin:0}' },
    layout,
    i18n: (language) => i18n.forLanguage(language),
    css: async (url) => `/* ${url} */`,
    apiOrigin: 'http://127.0.0.1:3000',
    publicOrigin: 'https://kaloryfer.test',
    contractsVersion: '1.0.0',
    budgets: { mainMs: 250, otherMs: 100 },
    serverRender: true,
    nonce: NONCE,
    random: () => 0,
    newAssignmentId: () => ID,
    year: 2026,
    ...extra,
  };
}

const page = (path: string, search = '', cookies: Record<string, string> = {}): PageRequest => ({ path, search, cookies });

function stateOf(html: string): PageState {
  return JSON.parse(/<script type="application\/json" id="kf-state">(.*?)<\/script>/.exec(html)![1]) as PageState;
}

test("the route's remote renders the main region and the content remote the footer; the shell wraps both", async () => {
  const { status, html } = await composePage(page('/c/akcesoria', '?sort=price:asc'), deps());
  expect(status).toBe(200);
  expect(html).toContain(
    '<div id="region-catalog" class="region" data-remote="catalog"><div class="remote-host" data-ssr="catalog 1.0.0"><h1>catalog /c/akcesoria?sort=price:asc pl-PL</h1></div></div>',
  );
  expect(html).toContain('<p>footer content</p>');
  for (const remote of ['checkout', 'account', 'content']) {
    expect(html).toContain(`<div id="region-${remote}" class="region" data-remote="${remote}"></div>`); // other regions stay empty
  }
  expect(html).not.toContain('kf-slot'); // no marker is left
  expect(html).toContain('<title>catalog page - Sklep</title>');
  expect(html).toContain(`<style data-kf="shell" nonce="${NONCE}">body{margin:0}</style>`);
  expect(html).toContain(`<style data-kf="remote" nonce="${NONCE}">/* http://cdn.test/catalog/1.0.0/app.css */</style>`);
  expect(html).toContain('<link rel="preload" href="http://cdn.test/catalog/1.0.0/remoteEntry.js" as="script">');
  expect(html).toContain('<link rel="preconnect" href="http://cdn.test">');
  expect(html).toContain('["/main.1234abcd.js"].forEach'); // started after the first paint
  expect(html).toContain('<link rel="preload" href="/main.1234abcd.js" as="script">');
  const state = stateOf(html);
  expect(state.regions['catalog ./app']).toEqual({ rendered: true, variant: 'default', data: { key: { value: 1 } }, interactive: true });
  expect(state.regions['content ./Footer']).toMatchObject({ rendered: true, interactive: false });
  expect(state.language).toBe('pl-PL');
  // The browser registers exactly these builds, by their entry scripts (no manifest round trip).
  expect(state.registry.remotes.catalog).toEqual({
    name: 'catalog',
    entry: 'http://cdn.test/catalog/1.0.0/remoteEntry.js',
    version: '1.0.0',
    contracts: '1.0.0',
    publishedAt: '2026-11-24T08:00:00.000Z',
  });
});

test.each([
  ['/', 'catalog'],
  ['/p/KF-1/grzejnik', 'catalog'],
  ['/categories', 'catalog'],
  ['/jakis/url-path', 'catalog'],
  ['/i/regulamin', 'content'],
  ['/porady/jak-dobrac-moc-grzejnika', 'content'],
  ['/checkout', 'checkout_a'],
  ['/my-account', null],
])('%s is rendered by %s', async (path, name) => {
  const { html } = await composePage(page(path), deps());
  if (name) expect(html).toContain(`<h1>${name} ${path}`);
  else expect(html).not.toContain('<h1>'); // the account remote is not in this registry: its skeleton, no server render
});

test("the page's state carries its page-view token, minted over every build the page pinned (its beacon counts with it)", async () => {
  const file = registryFile();
  const withIds = await snapshotOf(
    registryFile({ catalog: { ...file.remotes.catalog, build: 'a'.repeat(64) }, content: { ...file.remotes.content, build: 'b'.repeat(64) } }),
  );
  try {
    const minted: string[][] = [];
    const pageViewToken = (builds: string[]) => {
      minted.push(builds);
      return `token-${minted.length}`;
    };
    const { html } = await composePage(page('/c/akcesoria'), deps(echo, { snapshot: withIds.snapshot, pageViewToken }));
    expect(stateOf(html).pageView).toBe('token-1');
    expect(minted.map((builds) => [...builds].sort())).toEqual([['a'.repeat(64), 'b'.repeat(64)]]);
    // Without a minter (no signals): no token, the page is as before.
    expect(stateOf((await composePage(page('/c/akcesoria'), deps(echo, { snapshot: withIds.snapshot }))).html)).not.toHaveProperty('pageView');
  } finally {
    withIds.cleanup();
  }
});

test('a remote that throws or is late leaves its Polish skeleton marked for the browser; the page is still 200', async () => {
  const failing: Renderer = (build, request) => {
    if (build.remote === 'catalog') throw new Error('catalog is down');
    return echo(build, request);
  };
  const { status, html } = await composePage(page('/c/akcesoria'), deps(failing));
  expect(status).toBe(200);
  expect(html).toContain('<div id="region-catalog" class="region" data-remote="catalog"><div class="region-loading" data-csr');
  expect(html).toContain('<p>footer content</p>');
  expect(stateOf(html).regions['catalog ./app']).toEqual({ rendered: false, variant: 'default', data: {}, interactive: true });
  expect(html).toContain('<title>Grzejniki dekoracyjne, łazienkowe i pokojowe - Sklep</title>');
});

test('a page that names nothing: 404 with the not-found page, and the browser shows its address', async () => {
  const notFound: Renderer = (build, request) =>
    build.remote === 'catalog' ? result('', { status: 404, redirect: `/page-not-found?nf=${encodeURIComponent(request.path)}` }) : echo(build, request);
  const { status, html } = await composePage(page('/nie-ma-takiej'), deps(notFound));
  expect(status).toBe(404);
  expect(html).toContain('<h1>content /page-not-found?nf=%2Fnie-ma-takiej pl-PL</h1>');
  expect(stateOf(html).location).toBe('/page-not-found?nf=%2Fnie-ma-takiej');
  expect(stateOf(html).regions['content ./app']).toMatchObject({ rendered: true });
  expect(stateOf(html).regions['catalog ./app']).toBeUndefined();
});

test("a page moved to its canonical route is that route's page, 200", async () => {
  const moved: Renderer = (build, request) =>
    build.remote === 'catalog' && request.path === '/stary-adres' ? result('', { status: 200, redirect: '/p/KF-1/grzejnik' }) : echo(build, request);
  const { status, html } = await composePage(page('/stary-adres'), deps(moved));
  expect(status).toBe(200);
  expect(html).toContain('<h1>catalog /p/KF-1/grzejnik pl-PL</h1>');
  expect(stateOf(html).location).toBe('/p/KF-1/grzejnik');
});

describe('A/B: the server assigns the checkout variant and renders that build', () => {
  test('a new visitor is drawn, told by a cookie, and the page pins the drawn build and its control only', async () => {
    const { html, setCookies } = await composePage(page('/checkout'), deps(echo, { random: () => 0.9 }));
    // No choice about analytics yet: the variant is kept, no assignment id is drawn.
    expect(setCookies).toEqual(['kf_mfe=checkout%3Ab; Path=/; Max-Age=15552000; SameSite=Lax']);
    const measured = await composePage(page('/checkout', '', { kf_consent: CONSENTED }), deps(echo, { random: () => 0.9 }));
    expect(measured.setCookies).toEqual([`kf_mfe=checkout%3Ab%7Cid%3As${ID}; Path=/; Max-Age=15552000; SameSite=Lax`]);
    expect(html).toContain('<h1>checkout_b /checkout');
    const state = stateOf(html);
    expect(state.assignments).toContainEqual({ remote: 'checkout', variant: 'b', source: 'random' });
    expect(Object.keys((state.registry.remotes.checkout as { variants: object }).variants)).toEqual(['a', 'b']);
  });

  test('the cookie keeps a visitor on their variant (no new cookie); ?mfe= overrides and sticks', async () => {
    const sticky = await composePage(page('/checkout', '', { kf_mfe: `checkout:b|id:s${ID}`, kf_consent: CONSENTED }), deps(echo, { random: () => 0 }));
    expect(sticky.html).toContain('<h1>checkout_b');
    expect(sticky.setCookies).toEqual([]);
    const forced = await composePage(page('/checkout', '?mfe=checkout:a', { kf_mfe: `checkout:b|id:s${ID}`, kf_consent: CONSENTED }), deps());
    expect(forced.html).toContain('<h1>checkout_a');
    // QA from now on: a `q` id, which the experiment report leaves out.
    expect(forced.setCookies).toEqual([`kf_mfe=checkout%3Aa%7Cid%3Aq${ID}; Path=/; Max-Age=15552000; SameSite=Lax`]);
    expect(stateOf(forced.html).assignments).toContainEqual({ remote: 'checkout', variant: 'a', source: 'override' });
  });

  test('kf_ab: the page server signs the build each A/B-tested remote pinned, and sets it again only when that changes', async () => {
    const experiments = new ExperimentCookie(Buffer.from('a test secret'));
    const first = await composePage(page('/', '', { kf_consent: CONSENTED }), deps(echo, { random: () => 0.9, experiments }));
    const signed = /^kf_ab=([^;]+); Path=\/; Max-Age=15552000; HttpOnly; SameSite=Lax$/.exec(first.setCookies[1] ?? '')?.[1];
    const pins = experiments.read(signed);
    expect(pins).toEqual({ id: `s${ID}`, builds: { checkout: { variant: 'b', build: expect.any(String), version: '1.0.0' } } });
    // Only remotes with variants: the catalogue and the rest are not an experiment.
    expect(Object.keys(pins!.builds)).toEqual(['checkout']);

    const again = await composePage(
      page('/c/grzejniki', '', { kf_mfe: `checkout:b|id:s${ID}`, kf_ab: signed!, kf_consent: CONSENTED }),
      deps(echo, { experiments }),
    );
    expect(again.setCookies).toEqual([]);
    const forged = await composePage(
      page('/', '', { kf_mfe: `checkout:b|id:s${ID}`, kf_ab: `${signed}x`, kf_consent: CONSENTED }),
      deps(echo, { experiments }),
    );
    expect(forged.setCookies).toEqual([expect.stringMatching(/^kf_ab=/)]);
    const forced = await composePage(
      page('/', '?mfe=checkout:a', { kf_mfe: `checkout:b|id:s${ID}`, kf_ab: signed!, kf_consent: CONSENTED }),
      deps(echo, { experiments }),
    );
    expect(experiments.read(/^kf_ab=([^;]+)/.exec(forced.setCookies[1])![1])).toMatchObject({ id: `q${ID}`, builds: { checkout: { variant: 'a' } } });
    // Analytics refused: the pins still prove the build (an order records it), with no id to count.
    const refused = await composePage(page('/', '', { kf_mfe: `checkout:b|id:s${ID}`, kf_ab: signed!, kf_consent: REFUSED }), deps(echo, { experiments }));
    expect(refused.setCookies[0]).toBe('kf_mfe=checkout%3Ab; Path=/; Max-Age=15552000; SameSite=Lax');
    expect(experiments.read(/^kf_ab=([^;]+)/.exec(refused.setCookies[1])![1])).toMatchObject({ id: null, builds: { checkout: { variant: 'b' } } });
  });

  test('a variant made against another contracts major is not rendered: its control is', async () => {
    const { snapshot: skewed, cleanup: done } = await snapshotOf(
      registryFile({
        checkout: {
          control: 'a',
          variants: {
            a: {
              name: 'checkout_a',
              entry: 'http://cdn.test/checkout/a/mf-manifest.json',
              ssr: 'http://cdn.test/checkout/a/server/render.js',
              version: '1.0.0',
              contracts: '1.0.0',
              weight: 50,
            },
            b: {
              name: 'checkout_b',
              entry: 'http://cdn.test/checkout/b/mf-manifest.json',
              ssr: 'http://cdn.test/checkout/b/server/render.js',
              version: '2.0.0',
              contracts: '2.0.0',
              weight: 50,
            },
          },
        },
      }),
    );
    const { html } = await composePage(page('/checkout', '', { kf_mfe: 'checkout:b' }), deps(echo, { snapshot: skewed }));
    expect(html).toContain('<h1>checkout_a');
    done();
  });
});

test("the page speaks the shopper's language: <html lang>, the shell, and each remote's render", async () => {
  const { html } = await composePage(page('/porady', '', { kf_lang: 'en-US' }), deps());
  expect(html).toMatch(/^<!doctype html><html lang="en">/);
  expect(html).toContain('<h1>content /porady en-US</h1>');
  expect(html).toContain('Skip to content');
  expect(stateOf(html).language).toBe('en-US');
  const unknown = await composePage(page('/porady', '', { kf_lang: 'xx-XX' }), deps());
  expect(unknown.html).toMatch(/<html lang="pl">/);
});

test("?lang= names the page's language whatever the cookie says: <html lang>, the shell, every region, the state; the cookie is left as it is", async () => {
  const asked: RegionRequest[] = [];
  const recording: Renderer = (build, request) => {
    asked.push(request);
    return echo(build, request);
  };
  const { html, setCookies } = await composePage(page('/porady', '?lang=de', { kf_lang: 'en-US' }), deps(recording));
  expect(html).toMatch(/^<!doctype html><html lang="de">/);
  expect(html).toContain('<h1>content /porady?lang=de de-DE</h1>');
  expect(asked.map((request) => [request.module, request.language])).toEqual([
    ['./app', 'de-DE'],
    ['./Footer', 'de-DE'],
  ]);
  expect(stateOf(html).language).toBe('de-DE');
  expect(setCookies.join()).not.toContain('kf_lang');
  // An unknown value names nothing: the cookie's language, else Polish.
  expect((await composePage(page('/porady', '?lang=xx', { kf_lang: 'en-US' }), deps())).html).toContain('<h1>content /porady?lang=xx en-US</h1>');
  expect((await composePage(page('/porady', '?lang=xx'), deps())).html).toContain('<h1>content /porady?lang=xx pl-PL</h1>');
  // Spec §2's English routes are English unless the address names another language.
  expect((await composePage(page('/en/i/regulamin', '', { kf_lang: 'de-DE' }), deps())).html).toContain('<h1>content /en/i/regulamin en-US</h1>');
});

describe('the head for search engines and link previews (docs/seo.md)', () => {
  const withHead =
    (head: RegionResult['head'], status: 200 | 404 = 200): Renderer =>
    (build, request) =>
      request.module === './app' ? result(`<h1>${request.path}</h1>`, { head, status }) : echo(build, request);
  const tags = (html: string) => html.slice(0, html.indexOf('</head>'));

  test('an indexable page: its canonical in its language on the public origin, the five alternates, Open Graph and Twitter; no robots', async () => {
    const render = withHead({
      title: 'Grzejnik Aura',
      description: 'Biały grzejnik.',
      canonical: 'http://127.0.0.1:3000/p/KF-1/aura',
      openGraph: {
        type: 'product',
        image: 'https://kaloryfer.test/img/1920/1920/resize/aura.svg',
        properties: [{ property: 'product:price:amount', content: '899.00' }],
      },
    });
    const head = tags((await composePage(page('/p/KF-1/aura/KF-1-500', '?lang=de&utm_source=x'), deps(render))).html);
    expect(head).toContain('<link rel="canonical" href="https://kaloryfer.test/p/KF-1/aura?lang=de" data-seo="server">');
    for (const [hreflang, href] of [
      ['pl', 'https://kaloryfer.test/p/KF-1/aura'],
      ['en', 'https://kaloryfer.test/p/KF-1/aura?lang=en'],
      ['de', 'https://kaloryfer.test/p/KF-1/aura?lang=de'],
      ['it', 'https://kaloryfer.test/p/KF-1/aura?lang=it'],
      ['x-default', 'https://kaloryfer.test/p/KF-1/aura'],
    ]) {
      expect(head).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${href}" data-seo="server">`);
    }
    expect(head).not.toContain('name="robots"');
    expect(head).toContain('<meta property="og:type" content="product" data-seo="server">');
    expect(head).toContain('<meta property="og:title" content="Grzejnik Aura" data-seo="server">');
    expect(head).toContain('<meta property="og:description" content="Biały grzejnik." data-seo="server">');
    expect(head).toContain('<meta property="og:url" content="https://kaloryfer.test/p/KF-1/aura?lang=de" data-seo="server">');
    expect(head).toContain('<meta property="og:image" content="https://kaloryfer.test/img/1920/1920/resize/aura.svg" data-seo="server">');
    expect(head).toContain('<meta property="og:locale" content="de_DE" data-seo="server">');
    expect(head).toContain('<meta property="product:price:amount" content="899.00" data-seo="server">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" data-seo="server">');
  });

  test('a filtered listing: noindex, follow, canonical to the bare listing, no alternates', async () => {
    const render = withHead({ canonical: 'https://kaloryfer.test/c/akcesoria', robots: 'noindex, follow' });
    const head = tags((await composePage(page('/c/akcesoria', '?color=104'), deps(render))).html);
    expect(head).toContain('<meta name="robots" content="noindex, follow" data-seo="server">');
    expect(head).toContain('<link rel="canonical" href="https://kaloryfer.test/c/akcesoria" data-seo="server">');
    expect(head).not.toContain('hreflang');
  });

  test('checkout and account pages are noindex, nofollow whatever their remote says (also when it could not render); /en/checkout is /checkout?lang=en', async () => {
    const down: Renderer = (build, request) => {
      if (request.module === './app') throw new Error('down');
      return echo(build, request);
    };
    for (const [path, canonical] of [
      ['/checkout', 'https://kaloryfer.test/checkout'],
      ['/en/checkout', 'https://kaloryfer.test/checkout?lang=en'],
      ['/thank-you-page', 'https://kaloryfer.test/thank-you-page'],
    ]) {
      const head = tags((await composePage(page(path, '?order_increment_id=000000042'), deps(down))).html);
      expect(head).toContain('<meta name="robots" content="noindex, nofollow" data-seo="server">');
      expect(head).toContain(`<link rel="canonical" href="${canonical}" data-seo="server">`);
      expect(head).not.toContain('000000042');
      expect(head).toContain('<meta property="og:title"');
    }
  });

  test('the not-found page answers 404, noindex, with no canonical of its own', async () => {
    const notFound: Renderer = (build, request) =>
      build.remote === 'catalog' ? result('', { status: 404, redirect: `/page-not-found?nf=${encodeURIComponent(request.path)}` }) : echo(build, request);
    const { status, html } = await composePage(page('/nie-ma-takiej', '?lang=it'), deps(notFound));
    expect(status).toBe(404);
    expect(tags(html)).toContain('<meta name="robots" content="noindex, follow" data-seo="server">');
    expect(tags(html)).not.toContain('rel="canonical"');
    expect(html).toMatch(/<html lang="it">/);
  });
});

test('product text cannot break out of the state script, the JSON-LD or the head', async () => {
  const hostile = '</script><script>alert(1)</script>';
  const render: Renderer = (build, request) =>
    request.module === './app'
      ? result(`<h1>${hostile.replace(/</g, '&lt;')}</h1>`, {
          data: { product: { value: { name: hostile } } },
          head: {
            title: `Grzejnik "${hostile}"`,
            description: hostile,
            canonical: `https://kaloryfer.test/p/"${hostile}`,
            structuredData: [{ name: hostile }],
          },
        })
      : echo(build, request);
  const { html } = await composePage(page('/p/KF-1/x'), deps(render));
  expect(html).not.toContain('<script>alert(1)');
  // Exactly the scripts the page means to have: JSON-LD, the state, the shell's.
  expect(html.match(/<\/script>/g)).toHaveLength(3);
  expect(stateOf(html).regions['catalog ./app'].data.product).toEqual({ value: { name: hostile } });
  expect(html).toContain('<title>Grzejnik &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;</title>');
  expect(html).toContain('<meta property="og:title" content="Grzejnik &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;" data-seo="server">');
  expect(html).toContain('<meta property="og:description" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" data-seo="server">');
});

test('the client-rendered mode (SSR=0): an empty root, the same state, no region rendered', async () => {
  const asked: string[] = [];
  const { html } = await composePage(
    page('/c/akcesoria'),
    deps(
      (build, request) => {
        asked.push(build.remote);
        return echo(build, request);
      },
      { serverRender: false },
    ),
  );
  expect(asked).toEqual([]);
  expect(html).toContain('<div id="root"></div>');
  expect(stateOf(html).regions['catalog ./app']).toEqual({ rendered: false, variant: 'default', data: {}, interactive: true });
});

test('regions render side by side: the footer is asked before the main region has answered', async () => {
  const events: string[] = [];
  let answerMain: () => void = () => undefined;
  const gated: Renderer = async (build, request) => {
    events.push(`start ${request.module}`);
    if (request.module === './app')
      await new Promise<void>((resolve) => {
        answerMain = resolve;
        setTimeout(resolve, 0);
      });
    events.push(`end ${request.module}`);
    return echo(build, request);
  };
  await composePage(page('/'), deps(gated));
  expect(events.slice(0, 2)).toEqual(['start ./app', 'start ./Footer']);
  answerMain();
});

test("every inline script the browser runs and every inline stylesheet carries the response's nonce; JSON data needs none; the pinned builds' origins are handed to the CSP", async () => {
  const render: Renderer = (build, request) =>
    request.module === './Footer'
      ? result('<p>footer</p>', { interactive: false })
      : result('<h1>x</h1>', { head: { structuredData: [{ '@type': 'Product', name: 'x' }] } });
  const { html, remoteOrigins } = await composePage(page('/p/KF-1/x'), deps(render));
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
  const data = scripts.filter((attributes) => /type="application\/(ld\+)?json"/.test(attributes));
  const code = scripts.filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes));
  expect(data).toHaveLength(2); // the state and the JSON-LD
  expect(code).toEqual([` nonce="${NONCE}"`]); // the loader that starts the shell after the first paint
  const styles = [...html.matchAll(/<style\b([^>]*)>/g)].map((match) => match[1]);
  expect(styles.length).toBeGreaterThan(0);
  for (const attributes of styles) expect(attributes).toContain(`nonce="${NONCE}"`);
  expect(html).not.toMatch(/\son[a-z]+=/); // no inline event handler a nonce could not cover
  expect([...remoteOrigins]).toEqual(['http://cdn.test']);
});

test("a build from the registry is pinned with its integrity and id, and the route remote's entry is preloaded as the runtime will load it (integrity, CORS)", async () => {
  const integrity = `sha384-${'A'.repeat(64)}`;
  const id = 'c'.repeat(64);
  const { snapshot: published, cleanup: done } = await snapshotOf(
    registryFile({
      content: {
        name: 'content',
        entry: '/mfe/content/cccccccccccccccc/mf-manifest.json',
        ssr: '/mfe/content/cccccccccccccccc/server/render.js',
        ssrIntegrity: `sha256-${'B'.repeat(43)}=`,
        version: '1.2.0',
        contracts: '1.0.0',
        publishedAt: '2026-11-27T10:00:00.000Z',
        integrity,
        build: id,
      },
    }),
  );
  const { html, remoteOrigins } = await composePage(page('/porady'), deps(echo, { snapshot: published }));
  expect(stateOf(html).registry.remotes.content).toEqual({
    name: 'content',
    entry: '/mfe/content/cccccccccccccccc/remoteEntry.js',
    version: '1.2.0',
    contracts: '1.0.0',
    publishedAt: '2026-11-27T10:00:00.000Z',
    integrity,
    build: id,
  });
  expect(html).toContain(
    `<link rel="preload" href="/mfe/content/cccccccccccccccc/remoteEntry.js" as="script" integrity="${integrity}" crossorigin="anonymous">`,
  );
  // A build on the shop's own origin needs no other origin in the page's policy.
  expect([...remoteOrigins]).not.toContain('https://kaloryfer.test');
  done();
});

describe('canaries (docs/releasing.md, "Canaries")', () => {
  const withCanaries = () =>
    snapshotOf(
      registryFile({
        catalog: {
          name: 'catalog',
          entry: 'http://cdn.test/catalog/1.0.0/mf-manifest.json',
          ssr: 'http://cdn.test/catalog/1.0.0/server/render.js',
          version: '1.0.0',
          contracts: '1.0.0',
          canary: {
            name: 'catalog',
            entry: 'http://cdn.test/catalog/1.1.0/mf-manifest.json',
            ssr: 'http://cdn.test/catalog/1.1.0/server/render.js',
            version: '1.1.0',
            contracts: '1.0.0',
            percent: 25,
          },
        },
      }),
    );
  const versionOf = (html: string) => (stateOf(html).registry.remotes.catalog as { version: string }).version;

  test.each([
    ['bucket 0: the canary', 'cb:0|checkout:a', '1.1.0'],
    ['bucket 24: the canary', 'cb:24|checkout:a', '1.1.0'],
    ['bucket 25: the live build', 'cb:25|checkout:a', '1.0.0'],
    ['bucket 99: the live build', 'cb:99|checkout:a', '1.0.0'],
  ])('%s renders and is pinned; the bucket stays', async (_name, cookie, version) => {
    const { snapshot: canaried, cleanup: done } = await withCanaries();
    const { html, setCookies } = await composePage(page('/c/grzejniki', '', { kf_mfe: cookie }), deps(echo, { snapshot: canaried }));
    expect(versionOf(html)).toBe(version);
    expect(html).toContain(`data-ssr="catalog ${version}"`);
    expect(setCookies.filter((header) => header.startsWith('kf_mfe='))).toEqual([]);
    done();
  });

  test('a new visitor draws a bucket once, kept in kf_mfe (no id: a hundred values name nobody)', async () => {
    const { snapshot: canaried, cleanup: done } = await withCanaries();
    const { html, setCookies } = await composePage(page('/c/grzejniki'), deps(echo, { snapshot: canaried, random: () => 0.1 }));
    expect(setCookies[0]).toBe('kf_mfe=cb%3A10%7Ccheckout%3Aa; Path=/; Max-Age=15552000; SameSite=Lax');
    expect(versionOf(html)).toBe('1.1.0');
    done();
  });

  test('no canary running: no bucket in the cookie', async () => {
    const { setCookies } = await composePage(page('/c/grzejniki', '', { kf_mfe: 'cb:3|checkout:a' }), deps(echo));
    expect(setCookies).toEqual(['kf_mfe=checkout%3Aa; Path=/; Max-Age=15552000; SameSite=Lax']);
  });
});

describe('a team\'s override (docs/releasing.md, "Overrides")', () => {
  const overrides = new Overrides(Buffer.from('a test secret'));
  const override = (extra: Partial<Override> = {}): Override => ({
    remote: 'catalog',
    variant: 'default',
    name: 'catalog',
    entry: 'https://dev.catalog-team.test/remoteEntry.js',
    integrity: null,
    version: 'override',
    contracts: '1.0.0',
    origin: 'https://dev.catalog-team.test',
    until: new Date(Date.now() + 3_600_000).toISOString(),
    ...extra,
  });

  test("the browser with the cookie gets the team's build: pinned, rendered in the browser, its origin in the page's CSP, a banner", async () => {
    const cookie = overrides.sign(override());
    const { html, remoteOrigins } = await composePage(page('/c/grzejniki', '', { kf_override: cookie }), deps(echo, { overrides }));
    expect(stateOf(html).registry.remotes.catalog).toEqual({
      name: 'catalog',
      entry: 'https://dev.catalog-team.test/remoteEntry.js',
      version: 'override',
      contracts: '1.0.0',
    });
    expect(html).not.toContain('<h1>catalog /c/grzejniki'); // not rendered by the live build's server code
    expect(html).toContain('data-csr'); // the browser mounts it
    expect([...remoteOrigins]).toContain('https://dev.catalog-team.test');
    expect(html).toMatch(
      /<div class="kf-override" role="status">Podgląd zespołu: catalog override z https:\/\/dev\.catalog-team\.test, do \d\d:\d\d\. Tylko w tej przeglądarce\. <a href="\/__override\?end=1" rel="external">Zakończ podgląd<\/a><\/div>/,
    );
  });

  test.each([
    ['forged', () => `${overrides.sign(override())}x`],
    ['signed with another secret', () => new Overrides(Buffer.from('another secret')).sign(override())],
    ['expired', () => overrides.sign(override({ until: new Date(Date.now() - 1000).toISOString() }))],
    ['naming a script that is not a remote entry', () => overrides.sign(override({ entry: 'https://evil.test/x.js' }))],
    ['naming a plain-http origin', () => overrides.sign(override({ entry: 'http://dev.test/remoteEntry.js' }))],
  ])('%s: ignored — the shop as it is, no banner, no other origin', async (_name, cookie) => {
    const { html, remoteOrigins } = await composePage(page('/c/grzejniki', '', { kf_override: cookie() }), deps(echo, { overrides }));
    expect(html).toContain('<h1>catalog /c/grzejniki');
    expect(html).not.toContain('kf-override');
    expect([...remoteOrigins].some((origin) => origin.includes('team.test') || origin.includes('evil'))).toBe(false);
  });
});

describe("route code hints (docs/rendering.md, 'Route-level code')", () => {
  /** The snapshot's builds as a build with route-chunks.json has them. */
  const withRouteChunks = (): RegistrySnapshot => {
    const chunked = (build: ResolvedBuild | undefined): ResolvedBuild | undefined => {
      if (!build) return build;
      const base = build.assets.remoteEntry.replace(/remoteEntry\.js$/, '');
      const css = build.assets.exposes['./app']?.css ?? [];
      return {
        ...build,
        assets: {
          ...build.assets,
          routeChunks: {
            container: `kaloryfer_${build.remote}`,
            pages: { 'page-advice-list': [`${base}page-advice-list.js`], 'page-cms': [`${base}page-cms.js`] },
            exposes: { './app': [`${base}app.js`] },
            dictionaries: { 'pl-PL': [`${base}i18n-pl-PL.js`] },
            integrity: { [`${base}page-advice-list.js`]: 'sha384-list' },
            cssChunks: Object.fromEntries(css.map((file, index) => [file, String(index + 1)])),
          },
        },
      };
    };
    return {
      ...snapshot,
      build: (remote, variant, canary) => chunked(snapshot.build(remote, variant, canary)),
      builds: () => snapshot.builds().map((build) => chunked(build)!),
    };
  };
  const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="script"/g)].map((match) => match[1]);

  test('a page the route remote drew preloads its app chunk, the dictionary of its language and the page drawn, not the others', async () => {
    const drew: Renderer = (build, request) =>
      ({ ...echo(build, request), ...(request.module === './app' ? { pages: ['page-advice-list'] } : {}) }) as RegionResult;
    const { html } = await composePage(page('/porady'), deps(drew, { snapshot: withRouteChunks() }));
    const hinted = preloads(html).filter((src) => !src.endsWith('remoteEntry.js') && !src.startsWith('/main'));
    expect(hinted.map((src) => src.replace(/^.*\//, ''))).toEqual(['app.js', 'i18n-pl-PL.js', 'page-advice-list.js']);
    // With the integrity the runtime will ask for, so the browser reuses the download.
    expect(html).toMatch(/href="[^"]*page-advice-list\.js" as="script" integrity="sha384-list" crossorigin="anonymous"/);
  });

  test('a route remote whose server render failed gets its entry preloaded, none of its chunks (a failed preload would fail the retry)', async () => {
    const failing: Renderer = (build, request) => {
      if (request.module === './app') throw new Error('render failed');
      return echo(build, request);
    };
    const { html } = await composePage(page('/porady'), deps(failing, { snapshot: withRouteChunks() }));
    const remote = preloads(html).filter((src) => !src.startsWith('/main'));
    expect(remote).toHaveLength(1);
    expect(remote[0]).toMatch(/remoteEntry\.js$/);
  });
});

describe('traces (docs/operations.md, "Traces")', () => {
  const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
  const META = `<meta name="traceparent" content="${TRACEPARENT}">`;

  test("a traced request's context is in its page for the beacon, in a part of that page alone; untraced, the page is byte for byte the same without it", async () => {
    const traced = await composePage(page('/p/KF-1/grzejnik'), deps(echo, { traceparent: TRACEPARENT }));
    const untraced = await composePage(page('/p/KF-1/grzejnik'), deps(echo, { traceparent: null }));
    expect(traced.html).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1">${META}<title>`);
    expect(traced.parts).toContain(META); // a string: deflated with the request's own text, never kept with shared parts (gzip-parts.ts)
    expect(untraced.html).not.toContain('traceparent');
    expect(Buffer.compare(Buffer.from(traced.html.replace(META, '')), untraced.body)).toBe(0);
  });

  describe("with the instance tracing: the page's span and each region's", () => {
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    beforeAll(() => provider.register());
    afterAll(async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    });
    beforeEach(() => exporter.reset());
    const spanNamed = (name: string) => exporter.getFinishedSpans().find((span) => span.name === name)!;

    test('the composition names the route and the regions the browser draws; each region its build, the cache, its outcome', async () => {
      const late: Renderer = (build, request) => {
        if (build.remote === 'content') throw new RegionUnavailable('content took longer than 100 ms', 'late');
        return echo(build, request);
      };
      const render: ComposeDeps['render'] = async (build, request, _budgetMs, seen) => {
        seen?.('hit');
        return late(build, request);
      };
      await composePage(page('/c/akcesoria'), { ...deps(), render });
      const compose = spanNamed('compose category');
      expect(compose.attributes).toMatchObject({
        'kf.route': 'category',
        'kf.page.status': 200,
        'kf.page.regions': 2,
        'kf.page.fallbacks': 1,
        'kf.page.ssr': true,
      });
      const main = spanNamed('render catalog ./app');
      expect(main.parentSpanContext?.spanId).toBe(compose.spanContext().spanId);
      expect(main.attributes).toMatchObject({
        'kf.remote': 'catalog',
        'kf.route': 'category',
        'kf.build.version': '1.0.0',
        'kf.render.cache': 'hit',
        'kf.render.outcome': 'rendered',
        'kf.render.fallback': false,
      });
      expect(main.status.code).toBe(SpanStatusCode.UNSET);
      const footer = spanNamed('render content ./Footer');
      expect(footer.attributes).toMatchObject({ 'kf.render.outcome': 'late', 'kf.render.fallback': true, 'kf.render.budget_ms': 100 });
      expect(footer.status).toEqual({ code: SpanStatusCode.ERROR, message: 'content took longer than 100 ms' });
    });

    test('a region drawn in the browser by design says why, and is no error: client-rendered mode, a team override', async () => {
      await composePage(page('/c/akcesoria'), deps(echo, { serverRender: false }));
      expect(spanNamed('render catalog ./app').attributes).toMatchObject({ 'kf.render.outcome': 'ssr-off', 'kf.render.fallback': true });
      expect(spanNamed('render catalog ./app').status.code).toBe(SpanStatusCode.UNSET);
      exporter.reset();
      const overrides = new Overrides(Buffer.from('a test secret'));
      const cookie = overrides.sign({
        remote: 'catalog',
        variant: 'default',
        name: 'catalog',
        entry: 'https://dev.catalog-team.test/remoteEntry.js',
        integrity: null,
        version: 'override',
        contracts: '1.0.0',
        origin: 'https://dev.catalog-team.test',
        until: new Date(Date.now() + 3_600_000).toISOString(),
      });
      await composePage(page('/c/akcesoria', '', { kf_override: cookie }), deps(echo, { overrides }));
      expect(spanNamed('render catalog ./app').attributes).toMatchObject({ 'kf.render.outcome': 'override', 'kf.render.fallback': true });
    });
  });
});
