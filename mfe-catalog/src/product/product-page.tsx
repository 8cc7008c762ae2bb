import './product.css';
import { $route, navigationRequested, type ListedProduct } from '@kaloryfer/contracts';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import type { CmsBlock, ConfigurableChild, Product, ProductView } from '@kaloryfer/api-contract';
import { ApiFailure, Island, PageFrame, useOfflineRedirect, usePageData, useRequestStore } from '@kaloryfer/ui';
import { useEffect, useMemo, useState } from 'react';
import { productView } from '../api/catalog-api';
import { cmsBlocks, PRODUCT_INFO_BLOCKS } from '../api/cms-blocks';
import { cmsBlocksKey, productViewKey } from '../api/data-keys';
import { NotFoundRedirect } from '../pages/not-found-redirect';
import { rememberViewed } from '../state/catalog-owners';
import { AddToCart } from './add-to-cart';
import { Availability } from './availability';
import { BundlePickers, CustomOptions, Downloads, GroupedTable } from './composite-options';
import { choose, initialChild, type SelectionResult } from './configurable-selection';
import { HeatingData } from './heating-data';
import { ListButtons } from './list-buttons';
import { PriceBlock } from './price-block';
import ProductDescription from './product-description.static';
import { Gallery } from './product-gallery';
import { ProductInfo } from './product-info';
import { crumbCategory, productHref } from './product-links';
import { RelatedRail } from './related-rail';
import { RatingLink, Reviews } from './reviews';
import { useProductOptions } from './use-product-options';
import { VariantPickers } from './variant-pickers';

/** /p/{parentSku}/{slug}[/{childSku}]: every product type from one product-view call. */
export function ProductPage({ parentSku, childSku }: { parentSku: string; childSku?: string }) {
  const view = usePageData(productViewKey(parentSku), (signal) => productView(parentSku, signal));
  // Delivery and returns info from the CMS: asked for beside the product, so a server render loads both in one round.
  const info = usePageData(cmsBlocksKey(PRODUCT_INFO_BLOCKS), (signal) => cmsBlocks(PRODUCT_INFO_BLOCKS, signal));
  const route = useRequestStore($route);
  const { t } = useTranslation('catalog');
  // The API's 404 is a product that does not exist (page-not-found, online or not); any other
  // failure while offline is the network's, and sends the shopper home (spec §8).
  const missing = view.status === 'error' && view.error instanceof ApiFailure && view.error.status === 404;
  useOfflineRedirect(view.status === 'error' && !missing);
  if (view.status === 'loading')
    return (
      <div className="page-frame" aria-busy="true">
        <div className="skeleton skeleton-heading" />
        <div className="skeleton product-skeleton" />
      </div>
    );
  if (view.status === 'error') {
    if (missing) return <NotFoundRedirect path={`${route.path}${route.search}`} />;
    return (
      <PageFrame title={t('product.unavailable')}>
        <p role="alert">{t('Something went wrong', { ns: 'messages' })}</p>
      </PageFrame>
    );
  }
  return <ProductDetails key={parentSku} view={view.value} childSku={childSku} info={info.status === 'ready' ? info.value : NO_INFO} />;
}

const NO_INFO: CmsBlock[] = [];

function ProductDetails({ view, childSku, info }: { view: ProductView; childSku?: string; info: CmsBlock[] }) {
  const { t } = useTranslation('catalog');
  const formatPrice = useFormatPrice();
  const { product } = view;
  const options = [...(product.configurable_options ?? [])].sort((a, b) => a.position - b.position);
  const children = product.configurable_children ?? [];
  const isConfigurable = product.type_id === 'configurable';
  const [selection, setSelection] = useState<SelectionResult | null>(() => (isConfigurable ? initialChild(children, options, childSku) : null));
  const child = selection?.kind === 'child' ? selection.child : null;
  const shown: Product | ConfigurableChild = child ?? product;

  // The chosen variant lives in the URL (spec §2: /p/{parentSku}/{slug}/{childSku}).
  useEffect(() => {
    if (child && child.sku !== childSku) navigationRequested.emit({ to: productHref(product, child.sku), replace: true });
  }, [child, childSku, product]);
  useEffect(() => {
    rememberViewed({
      sku: product.sku,
      parentSku: product.sku,
      name: product.name,
      slug: product.slug,
      image: product.image,
      priceInclTax: product.final_price_incl_tax ?? null,
    });
  }, [product]);

  const category = crumbCategory(view.categories);
  // The islands' props, the same objects while the product and variant are (an island re-rendered before its moment hydrates no more lazily).
  const galleryProps = useMemo(
    () => ({
      name: product.name,
      images: [shown.image || product.image, ...(product.media_gallery ?? []).map((media) => media.image)].filter(
        (image, index, all) => image && all.indexOf(image) === index,
      ),
    }),
    [product, shown],
  );
  const heatingProps = useMemo(
    () => ({
      source: { ...product, ...shown } as unknown as Record<string, unknown>,
      attributes: view.attributes,
      rated: (shown.power_75_65_20 ?? product.power_75_65_20) !== undefined,
    }),
    [product, shown, view.attributes],
  );
  const ref: ListedProduct = { sku: shown.sku, parentSku: product.sku, name: product.name, slug: product.slug, image: shown.image || product.image };

  const { bundleOptions, bundleChoice, setBundleChoice, customOptions, customChoice, setCustomChoice, original, configuredPrice, missing, productOption } =
    useProductOptions(view, shown);

  return (
    <PageFrame
      title={product.name}
      description={product.meta_description || product.short_description}
      crumbs={category ? [{ label: category.name, intent: { name: 'category', slug: category.slug } }] : []}
    >
      {/* What hydrates when (docs/rendering.md): the buying column first; the gallery once reached
          for; the table, the reviews and the related products as they come into view; the description never. */}
      <div className="product-layout">
        <Island when="interaction" className="product-gallery" component={Gallery} props={galleryProps} />
        <div className="product-buy">
          <p className="product-sku">{t('product.sku', { sku: shown.sku })}</p>
          <RatingLink summary={view.reviews.summary} />
          <PriceBlock prices={shown} tiers={product.tier_prices} />
          {isConfigurable && (
            <VariantPickers
              options={options}
              children={children}
              selection={selection}
              onChoose={(code, value) => setSelection(choose(children, options, selection?.kind === 'none-available' ? {} : selection!.selection, code, value))}
            />
          )}
          {bundleOptions.length > 0 && <BundlePickers options={bundleOptions} components={view.components} choice={bundleChoice} onChange={setBundleChoice} />}
          {customOptions.length > 0 && <CustomOptions options={customOptions} choice={customChoice} originalPrice={original} onChange={setCustomChoice} />}
          {productOption && configuredPrice !== shown.final_price_incl_tax && (
            <p className="configured-price" aria-live="polite">
              {t('product.configuredPrice', { price: formatPrice(configuredPrice) })}
            </p>
          )}
          <Availability item={shown} />
          {product.type_id === 'grouped' ? (
            <GroupedTable product={product} components={view.components} />
          ) : (
            <AddToCart
              product={product}
              item={shown}
              price={productOption ? configuredPrice : (shown.final_price_incl_tax ?? null)}
              disabled={isConfigurable && !child}
              productOption={productOption}
              missing={missing}
            />
          )}
          <ListButtons item={ref} />
          <ProductInfo blocks={info} />
        </div>
      </div>
      {product.short_description && <p className="product-lead">{product.short_description}</p>}
      <Island when="visible" component={HeatingData} props={heatingProps} />
      {product.description && <ProductDescription text={product.description} heading={t('product.description')} />}
      {product.downloadable_links && <Downloads links={product.downloadable_links} />}
      <Island when="visible" component={Reviews} props={{ productId: product.id, initial: view.reviews }} />
      {view.related.length > 0 && <Island when="visible" component={RelatedRail} props={{ products: view.related }} />}
    </PageFrame>
  );
}
