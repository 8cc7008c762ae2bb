/**
 * The server-rendering contract between the shell's page server and a remote's server build
 * (docs/rendering.md). Types only: nothing here runs in the browser.
 *
 * A remote's server build (`dist/server/render.js`, named `ssr` in the registry) exports
 * `render(request)`. The page server asks it for the first view of one exposed module — the
 * route's page (`./app`) or a server-rendered widget (`./Footer`) — and puts the HTML into the
 * page, the data into the page's one state script and the head into <head>.
 */

/** What the page server asks of a remote for one region of one page. */
export interface RegionRequest {
  /** The exposed module whose first view is wanted, e.g. './app' or './Footer'. */
  module: string;
  /** Path and query as the browser asked (the query with its leading '?', or ''). */
  path: string;
  search: string;
  /** The page's language (pl-PL unless the shopper chose another). */
  language: string;
  /** First-party cookies that change the first view (e.g. kf_heat, the room temperatures). */
  cookies: Record<string, string>;
  /** Where the server reaches the shop API (loopback); browsers use the page's own origin. */
  apiOrigin: string;
  /** The origin shoppers and search engines see: canonical links and JSON-LD are absolute. */
  publicOrigin: string;
  /**
   * The route the page server matched the path to, with the registered remotes' routes the
   * remote's own copy of the route table may not know (docs/routes.md, "Registered remotes").
   * Absent from page servers before it: the remote matches the path itself.
   */
  route?: { name: string; params: Record<string, string> };
}

/** A value a region's first view was rendered from, or the failure it rendered instead. */
export type PageDataEntry = { value: unknown } | { error: { status: number; message: string } };

/** What a page says to search engines about itself (docs/seo.md): absent, the page may be indexed. */
export type PageRobots = 'noindex, follow' | 'noindex, nofollow';

/** Open Graph beyond what the page server writes for every page (og:title, og:description, og:url, og:locale, og:site_name). */
export interface PageOpenGraph {
  /** og:type; 'website' when absent. */
  type?: 'website' | 'product' | 'article';
  /** og:image: absolute on the shop's public origin (a path is made absolute on it); the shop's mark when absent. */
  image?: string;
  imageAlt?: string;
  /** Further properties of the type, in order: `product:price:amount`, `article:published_time`, … */
  properties?: { property: string; content: string }[];
}

/** What a region says about the page in <head>. */
export interface PageHead {
  title?: string;
  description?: string;
  /**
   * The page's address, without the filters, sort or tracking a URL may carry. The page server
   * writes it on the shop's public origin in the page's language (`?lang=`, seo-urls.ts) with its
   * hreflang alternates; a page without one gets its own path without the query.
   */
  canonical?: string;
  /** hreflang alternates of the page; the page server writes `languageAlternates` of the canonical when absent. */
  alternates?: { hreflang: string; href: string }[];
  /** `<meta name="robots">`: a listing narrowed by filters, search results. The page server adds its own for private pages, errors and 404s. */
  robots?: PageRobots;
  openGraph?: PageOpenGraph;
  /** schema.org objects, each sent as one application/ld+json script. */
  structuredData?: object[];
}

export interface RegionResult {
  html: string;
  /** 404 when the page names nothing (an unknown product, category or path). */
  status: 200 | 404;
  head?: PageHead;
  /** The values the HTML was rendered from: the browser hydrates with exactly these (no refetch). */
  data: Record<string, PageDataEntry>;
  /** False when the HTML is complete without the remote's code in the browser (a static footer). */
  interactive: boolean;
  /**
   * The route pages' chunks the HTML was drawn with (names in the build's route-chunks.json):
   * the page server hints their files, so the browser fetches them beside the remote's entry.
   * Absent from builds before it.
   */
  pages?: string[];
  /**
   * The route the page is shown at instead: page-not-found with nf (status 404) or the page's
   * canonical route (200). The page server renders that route's region in place and the browser
   * shows its address.
   */
  redirect?: string;
}

/** The module a remote's server build exports. */
export interface RemoteServerModule {
  render(request: RegionRequest): Promise<RegionResult>;
}
