import './product.css';
import {
  $compare,
  $route,
  $wishlist,
  cartAddRequested,
  compareAddRequested,
  compareRemoveRequested,
  navigationRequested,
  wishlistAddRequested,
  wishlistRemoveRequested,
  type ListedProduct,
  type ProductOptionInput,
} from '@kaloryfer/contracts';
import { useFormatPrice, useTranslation } from '@kaloryfer/i18n';
import type { CmsBlock, ConfigurableChild, Product, ProductView } from '@kaloryfer/api-contract';
import { checkQuantity, imageUrl } from '@kaloryfer/domain';
import { ApiFailure, Button, Icon, Island, PageFrame, useClientStore, useOfflineRedirect, usePageData, useRequestStore } from '@kaloryfer/ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { productView } from '../api/catalog-api';
import { NotFoundRedirect } from '../pages/not-found-redirect';
import { rememberViewed } from '../state/catalog-owners';
import { choose, initialChild, type SelectionResult } from './configurable-selection';
import { VariantPickers } from './variant-pickers';
import { deliveryLabelKey } from './delivery';
import { HeatingControl } from '../heating/heating-control';
import {
  bundleChoiceTotal,
  bundleProductOption,
  customChoiceTotal,
  customProductOption,
  initialBundleChoice,
  missingBundleOptions,
  missingCustomOptions,
  type BundleChoice,
  type CustomChoice,
} from './composite-choices';
import { BundlePickers, CustomOptions, Downloads, GroupedTable } from './composite-options';
import { HeatingTable } from './heating-table';
import { PriceBlock } from './price-block';
import { productHref } from './product-links';
import { RatingLink, Reviews } from './reviews';
import { ProductTile } from './product-tile';
import { cmsBlocksKey, productViewKey } from '../api/data-keys';
import { cmsBlocks, PRODUCT_INFO_BLOCKS } from '../api/cms-blocks';
import { ProductInfo } from './product-info';
import ProductDescription from './product-description.static';

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

  const category = view.categories.filter((item) => item.level > 1).sort((a, b) => b.level - a.level)[0];
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

  // Bundle and custom options: the configured price and what the cart is told (it prices them itself).
  const bundleOptions = product.type_id === 'bundle' ? (product.bundle_options ?? []) : [];
  const customOptions = product.custom_options ?? [];
  const [bundleChoice, setBundleChoice] = useState<BundleChoice>(() => initialBundleChoice(bundleOptions));
  const [customChoice, setCustomChoice] = useState<CustomChoice>({});
  const priceOf = (sku: string) => view.components.find((component) => component.sku === sku)?.final_price_incl_tax ?? null;
  const basePrice = bundleOptions.length > 0 ? bundleChoiceTotal(bundleOptions, bundleChoice, priceOf) : (shown.final_price_incl_tax ?? 0);
  const original = shown.original_price_incl_tax ?? shown.final_price_incl_tax ?? 0;
  const configuredPrice = basePrice + customChoiceTotal(customOptions, customChoice, original);
  const missing = [...missingBundleOptions(bundleOptions, bundleChoice), ...missingCustomOptions(customOptions, customChoice)];
  const productOption: ProductOptionInput | undefined =
    bundleOptions.length > 0 || customOptions.length > 0
      ? {
          ...(bundleOptions.length > 0 ? { bundle_options: bundleProductOption(bundleOptions, bundleChoice) } : {}),
          ...(customOptions.length > 0 ? { custom_options: customProductOption(customOptions, customChoice) } : {}),
        }
      : undefined;

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

/** The heat output at the shopper's room temperatures and the technical data (a radiator's control shows when it has a rated output). */
function HeatingData({ source, attributes, rated }: { source: Record<string, unknown>; attributes: ProductView['attributes']; rated: boolean }) {
  return (
    <>
      {rated && <HeatingControl />}
      <HeatingTable source={source} attributes={attributes} />
    </>
  );
}

/** Products shown with this one. */
function RelatedRail({ products }: { products: ProductView['related'] }) {
  const { t } = useTranslation('catalog');
  return (
    <section aria-labelledby="product-related" className="rail">
      <h2 id="product-related">{t('product.related')}</h2>
      <ul className="product-grid">
        {products.map((item) => (
          <li key={item.id}>
            <ProductTile product={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The product's pictures (its element is the page's island, `.product-gallery`). */
function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return null;
  return (
    <>
      <a href={imageUrl(current, 1920)!} target="_blank" rel="noopener" aria-label={t('product.zoom')}>
        <img src={imageUrl(current, 500)!} alt={name} width={500} height={500} fetchPriority="high" />
      </a>
      {images.length > 1 && (
        <ul className="product-thumbs">
          {images.map((image, position) => (
            <li key={image}>
              <button
                type="button"
                aria-pressed={position === index}
                aria-label={t('product.photo', { number: position + 1 })}
                onClick={() => setIndex(position)}
              >
                <img src={imageUrl(image, 255)!} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Availability({ item }: { item: Product | ConfigurableChild }) {
  const { t } = useTranslation('catalog');
  const inStock = item.stock?.is_in_stock;
  const days = item.delivery_time;
  return (
    <p className={inStock ? 'stock-in' : 'stock-out'}>
      {inStock ? t('In stock!', { ns: 'messages' }) : t('Out of stock', { ns: 'messages' })}
      {inStock && typeof days === 'number' && <> · {t(deliveryLabelKey(days), { days })}</>}
    </p>
  );
}

/**
 * Quantity and the add button. An out-of-stock product keeps its button: the cart engine checks
 * stock afresh and answers with the spec's message (the page may be older than the stock).
 */
function AddToCart({
  product,
  item,
  price,
  disabled,
  productOption,
  missing,
}: {
  product: Product;
  item: Product | ConfigurableChild;
  price: number | null;
  disabled: boolean;
  productOption?: ProductOptionInput;
  missing: string[];
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [qty, setQty] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkQuantity(qty, item.stock);
    if (!checked.ok) {
      setError(t(checked.message, { ns: 'messages', ...checked.params }));
      return;
    }
    if (missing.length > 0) {
      setError(t('product.chooseOptions', { options: missing.join(', ') }));
      return;
    }
    setError(null);
    cartAddRequested.emit({
      sku: item.sku,
      parentSku: product.sku,
      qty: checked.qty,
      ...(productOption ? { productOption } : {}),
      product: { name: product.name, priceInclTax: price, image: item.image || product.image, typeId: product.type_id },
    });
  };
  return (
    <form className="add-to-cart" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-qty`}>{t('product.quantity')}</label>
      <input
        id={`${id}-qty`}
        inputMode="numeric"
        value={qty}
        onChange={(event) => setQty(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        size={4}
      />
      <Button type="submit" block disabled={disabled}>
        {t('product.addToCart')}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}

const NO_COMPARE: Record<string, ListedProduct> = {};
const NO_WISHLIST: ListedProduct[] = [];

/** Compare (by sku) and wishlist (by parentSku) toggles; the lists' owners do the rest. */
function ListButtons({ item }: { item: ListedProduct }) {
  const { t } = useTranslation('catalog');
  // The shopper's own lists: the server (and the hydrating render) shows both unpressed.
  const inCompare = Boolean(useClientStore($compare, NO_COMPARE)[item.sku]);
  const inWishlist = useClientStore($wishlist, NO_WISHLIST).some((listed) => listed.parentSku === item.parentSku);
  return (
    <div className="list-buttons">
      <button
        type="button"
        className="button-secondary"
        aria-pressed={inCompare}
        onClick={() => (inCompare ? compareRemoveRequested.emit({ sku: item.sku }) : compareAddRequested.emit(item))}
      >
        {inCompare ? t('product.inCompare') : t('product.addToCompare')}
      </button>
      <button
        type="button"
        className="button-secondary"
        aria-pressed={inWishlist}
        onClick={() => (inWishlist ? wishlistRemoveRequested.emit({ parentSku: item.parentSku }) : wishlistAddRequested.emit(item))}
      >
        <Icon name="heart" /> {inWishlist ? t('product.inWishlist') : t('product.addToWishlist')}
      </button>
    </div>
  );
}
