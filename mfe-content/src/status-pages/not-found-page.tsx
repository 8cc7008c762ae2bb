import './status-pages.css';
import { $route, linkTo } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { PageFrame, usePageData, useRequestStore } from '@kaloryfer/ui';
import { ProductCard } from '@kaloryfer/ui/product-card';
import { useId } from 'react';
import {
  NOT_FOUND_CATEGORIES_KEY,
  shopCategories,
  suggestedProducts,
  suggestionsKey,
  topCategories,
  type ShopCategory,
  type SuggestedProduct,
} from './not-found-api';
import { matchingCategories, pathWords } from './path-words';

/**
 * /page-not-found?nf=/grzejnik-lazienkowy-bialy (the page server answers it 404): which address
 * was not found, a search box (a plain GET form to the search results, /categories?query=…),
 * what the catalogue has for the words of that address (one product search; categories named
 * like them) and the shop's top categories. Rendered on the server with its data.
 */
export function NotFoundPage() {
  const { t } = useTranslation('content');
  const route = useRequestStore($route);
  const missing = new URLSearchParams(route.search).get('nf') ?? '';
  const words = pathWords(missing);
  const products = usePageData(suggestionsKey(words), (signal) => suggestedProducts(words, signal));
  const categories = usePageData(NOT_FOUND_CATEGORIES_KEY, (signal) => shopCategories(signal));
  const searchId = useId();
  const suggestionsId = useId();
  const categoriesId = useId();

  const all = categories.status === 'ready' ? categories.value : [];
  const matching = matchingCategories(all, words);
  const found = products.status === 'ready' ? products.value : [];
  const top = topCategories(all);

  return (
    <PageFrame title={t('notFound.title')} description={t('notFound.description')} lead={t('404 page not found', { ns: 'messages' })}>
      <div className="status-page">
        {missing && <p className="status-page-what">{t('notFound.path', { path: missing })}</p>}
        <p>{t('notFound.hint')}</p>
        <form className="not-found-search" role="search" method="get" action={linkTo({ name: 'categories' })}>
          <label htmlFor={searchId}>{t('notFound.searchLabel')}</label>
          <div className="not-found-search-row">
            <input id={searchId} type="search" name="query" defaultValue={words.join(' ')} autoComplete="off" />
            <button type="submit" className="button">
              {t('notFound.search')}
            </button>
          </div>
        </form>

        {(matching.length > 0 || found.length > 0) && (
          <section aria-labelledby={suggestionsId}>
            <h2 id={suggestionsId}>{t('notFound.suggestions')}</h2>
            {matching.length > 0 && <CategoryLinks categories={matching} />}
            {found.length > 0 && <SuggestedProducts products={found} />}
          </section>
        )}

        {top.length > 0 && (
          <nav aria-labelledby={categoriesId}>
            <h2 id={categoriesId}>{t('notFound.categories')}</h2>
            <CategoryLinks categories={top} />
          </nav>
        )}

        <p className="status-page-actions">
          <a className="button-secondary" href={linkTo({ name: 'home' })}>
            {t('error.home')}
          </a>
        </p>
      </div>
    </PageFrame>
  );
}

function CategoryLinks({ categories }: { categories: readonly ShopCategory[] }) {
  return (
    <ul className="not-found-chips">
      {categories.map((category) => (
        <li key={category.id}>
          <a href={linkTo({ name: 'category', slug: category.slug })}>{category.name}</a>
        </li>
      ))}
    </ul>
  );
}

function SuggestedProducts({ products }: { products: readonly SuggestedProduct[] }) {
  return (
    <ul className="not-found-products">
      {products.map((product) => (
        <li key={product.sku}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
