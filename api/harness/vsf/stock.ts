import { first, JSON_HEADERS, need, ok, type VsfCall } from './types';

/**
 * VSF 1.12.3 core/data-resolver/StockService.ts (config `stock.endpoint` /api/stock; read by
 * core/modules/catalog/store/stock/actions.ts and helpers/stock: qty, is_in_stock, product_id, manage_stock)
 * and ProductService.getProductRenderList (read by helpers/price/doPlatformPricesSync + syncProductPrice).
 */
const stock = (row: any) =>
  first(
    need(typeof row?.qty === 'number', 'qty'),
    need(row?.is_in_stock !== undefined, 'is_in_stock'),
    need(row?.product_id !== undefined, 'product_id'),
    need(row?.manage_stock !== undefined, 'manage_stock'),
  );

export const stockCalls: VsfCall[] = [
  {
    call: 'stock/check',
    source: 'StockService.check / queueCheck: /check?sku=encodeURIComponent(sku)',
    method: 'GET',
    url: (ctx) => `/api/stock/check?sku=${encodeURIComponent(ctx.product.sku)}`,
    headers: JSON_HEADERS,
    reads: (answer) => first(ok(answer), stock(answer.body?.result)),
  },
  {
    call: 'stock/list',
    source: 'StockService.list: /list?skus=encodeURIComponent(skus.join(","))',
    method: 'GET',
    url: (ctx) => `/api/stock/list?skus=${encodeURIComponent([ctx.product.sku].join(','))}`,
    headers: JSON_HEADERS,
    reads: (answer) =>
      first(
        ok(answer),
        need(Array.isArray(answer.body?.result) && answer.body!.result.length === 1, 'result: one row per sku'),
        stock(answer.body?.result?.[0]),
      ),
  },
  {
    call: 'product/render-list',
    // VSF's default single store view has storeId 1 (core/lib/multistore.ts); i18n.currencyCode set to PLN as docs/compatibility.md says.
    source: 'ProductService.getProductRenderList: ?skus=&currencyCode=&storeId= (+&userGroupId when grouped tax is active)',
    method: 'GET',
    url: (ctx) => `/api/product/render-list?skus=${encodeURIComponent(ctx.product.sku)}&currencyCode=PLN&storeId=1`,
    headers: JSON_HEADERS,
    reads: (answer, ctx) => {
      const item = (answer.body?.result?.items ?? []).find((entry: any) => entry.id === ctx.product.id);
      const info = item?.price_info;
      const tax = info?.extension_attributes?.tax_adjustments;
      return first(
        ok(answer),
        need(item, "result.items[] with the product's id"),
        need(info && ['final_price', 'regular_price', 'special_price'].every((key) => key in info), 'price_info.final_price, regular_price, special_price'),
        need(
          tax && ['final_price', 'regular_price', 'special_price'].every((key) => key in tax),
          'price_info.extension_attributes.tax_adjustments.final_price, regular_price, special_price',
        ),
      );
    },
  },
];
