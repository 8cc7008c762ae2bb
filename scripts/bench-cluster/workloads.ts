/* eslint-disable @typescript-eslint/no-explicit-any -- autocannon's per-request hooks hand over untyped request and context objects. */
import { ADDRESS, BUY_SKUS, CATEGORIES, FACETS, JSON_HEADERS, LISTED, runId, SEARCH, type BenchData } from './bench-data';

/**
 * The workloads (listing, product view, product page when the instances serve pages, add to
 * cart, order placing) as autocannon request sequences, each step counting its answers and
 * timing the measured one.
 */
export interface Step {
  name: string;
  measured: boolean;
  ok: number;
  failed: number;
  latencies: number[];
  statuses: Record<number, number>;
}
export interface Workload {
  name: string;
  unit: string;
  requests: (steps: Step[]) => Record<string, unknown>[];
}

/** A workload's steps, counted afresh: the measured one first, then the cart's creation and its lines. */
export const freshSteps = (): Step[] =>
  ['main', 'create', 'add'].map((name, i) => ({ name, measured: i === 0, ok: 0, failed: 0, latencies: [], statuses: {} }));

let orderSeq = 0;

/** What Chromium sends for a page: its answer is gzip made of kept pieces (shell/server/gzip-parts.ts). */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };

function timed(
  step: Step,
  build: (request: Record<string, any>, context: Record<string, any>) => Record<string, any> | null,
  after?: (body: string, context: Record<string, any>) => void,
) {
  return {
    setupRequest: (request: Record<string, any>, context: Record<string, any>) => {
      const built = build(request, context);
      context.sentAt = performance.now();
      return built;
    },
    onResponse: (status: number, body: string, context: Record<string, any>) => {
      if (status >= 200 && status < 300) {
        step.ok += 1;
        if (context.sentAt) step.latencies.push(performance.now() - context.sentAt);
        after?.(body, context);
      } else {
        step.failed += 1;
        step.statuses[status] = (step.statuses[status] ?? 0) + 1;
      }
    },
  };
}

const resultOf = (body: string) => {
  try {
    return (JSON.parse(body) as { result: unknown }).result;
  } catch {
    return undefined;
  }
};

export function workloads(data: BenchData): Workload[] {
  const createCart = (step: Step) => ({
    method: 'POST',
    path: '/api/cart/create',
    headers: JSON_HEADERS,
    body: '{}',
    ...timed(
      step,
      (request) => request,
      (body, context) => {
        context.cartId = resultOf(body);
      },
    ),
  });
  const addLine = (step: Step, offset: number) => ({
    method: 'POST',
    headers: JSON_HEADERS,
    ...timed(step, (request, context) => {
      if (typeof context.cartId !== 'string') return null; // the cart failed: start the flow again
      context.n = (context.n ?? Math.floor(Math.random() * BUY_SKUS)) + offset;
      const sku = data.buy[context.n % BUY_SKUS];
      return { ...request, path: `/api/cart/update?cartId=${context.cartId}`, body: JSON.stringify({ cartItem: { sku, qty: 1, quoteId: context.cartId } }) };
    }),
  });
  return [
    {
      name: 'listing',
      unit: 'searches',
      requests: ([step]) =>
        CATEGORIES.map((category) => ({
          method: 'POST',
          path: SEARCH,
          headers: JSON_HEADERS,
          body: JSON.stringify({
            query: { _appliedFilters: [...LISTED, { attribute: 'category_ids', value: { in: [category] } }], _availableFilters: FACETS },
            size: 20,
            sort: 'price:asc',
            _sourceInclude: ['sku', 'name', 'final_price_incl_tax', 'image', 'url_path', 'stock'],
          }),
          ...timed(step, (request) => request),
        })),
    },
    {
      name: 'product view',
      unit: 'views',
      requests: ([step]) =>
        data.views.map((sku) => ({ method: 'GET', path: `/api/product-view/${encodeURIComponent(sku)}`, ...timed(step, (request) => request) })),
    },
    // A product's page as a browser asks for it (gzip), the same 60 products in turn: the page
    // server's render cache shares their regions (issue #54's page row, beside product view's).
    ...(data.pages.length > 0
      ? [
          {
            name: 'product page',
            unit: 'pages',
            requests: ([step]: Step[]) => data.pages.map((path) => ({ method: 'GET', path, headers: PAGE_HEADERS, ...timed(step, (request) => request) })),
          },
        ]
      : []),
    {
      // A shopper's cart: created, then three products added (each a new line); the figure is the adds.
      name: 'add to cart',
      unit: 'adds',
      requests: ([step, create]) => [createCart(create), addLine(step, 0), addLine(step, 1), addLine(step, 1)],
    },
    {
      // A whole order: a cart, a line, POST /api/order with a client order id of its own; the figure is the orders.
      name: 'order placing',
      unit: 'orders',
      requests: ([step, create, add]) => [
        createCart(create),
        addLine(add, 0),
        {
          method: 'POST',
          path: '/api/order',
          headers: JSON_HEADERS,
          ...timed(step, (request, context) => {
            if (typeof context.cartId !== 'string') return null;
            orderSeq += 1;
            return {
              ...request,
              body: JSON.stringify({
                order: {
                  order_id: `bench-${runId}-${orderSeq}`,
                  cart_id: context.cartId,
                  addressInformation: {
                    shippingAddress: ADDRESS,
                    shipping_carrier_code: 'courier',
                    shipping_method_code: 'courier',
                    payment_method_code: 'cashondelivery',
                  },
                },
              }),
            };
          }),
        },
      ],
    },
  ];
}

/** The workloads whose names start with one of these (`--only order,listing`); all of them when none are given. */
export function chosenWorkloads(data: BenchData, only: readonly string[]): Workload[] {
  return workloads(data).filter((workload) => only.length === 0 || only.some((prefix) => workload.name.startsWith(prefix)));
}
