import './search-panel.css';
import { linkTo, navigationRequested } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import { formatPrice, useTranslation } from '@kaloryfer/i18n';
import { Icon, PanelPortal, useFocusTrap, useOverlayPanel } from '@kaloryfer/ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { productHref } from '../product/product-links';
import { MIN_QUERY_LENGTH, useSearchResults } from './use-search-results';

/** The full results listing of a query: every listed product, filters and sort included. */
export function searchResultsHref(query: string): string {
  return `${linkTo({ name: 'categories' })}?${new URLSearchParams({ query: query.trim() })}`;
}

/**
 * The header search: a button that opens the panel (turning the overlay on). Under three
 * characters it says so (spec §5); from three, results as you type — matching categories and
 * products — and a link to the full listing. Arrow keys move from the field through the
 * results and back; Tab stays inside the open panel; Enter in the field opens the full
 * listing; Escape closes.
 */
export function SearchPanel() {
  const { t } = useTranslation('catalog');
  const [query, setQuery] = useState('');
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLInputElement>('search');
  const results = useSearchResults(open ? query : '');
  const resultsRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open);
  const id = useId();

  const term = query.trim();
  const tooShort = term.length > 0 && term.length < MIN_QUERY_LENGTH;
  const links = () => [...(resultsRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];

  // Arrow keys walk field → results → field; Home/End stay with the field's text editing.
  const onArrows = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    if (all.length === 0) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? at + 1 : at === -1 ? all.length - 1 : at - 1;
    if (next < 0 || next >= all.length) focusRef.current?.focus();
    else all[next].focus();
  };

  const showAll = () => {
    if (term.length < MIN_QUERY_LENGTH) return;
    navigationRequested.emit({ to: searchResultsHref(term) });
    setOpen(false);
  };

  return (
    <>
      <button ref={openerRef} type="button" className="button-secondary search-open" aria-expanded={open} onClick={() => setOpen(true)}>
        <Icon name="search" size={20} /> <span className="search-open-label">{t('search.open')}</span>
      </button>
      {open && (
        <PanelPortal>
          <div
            ref={panelRef}
            className="search-panel"
            role="dialog"
            aria-modal="true"
            aria-label={t('search.panel')}
            onKeyDown={(event) => {
              onKeyDown(event);
              onArrows(event);
            }}
          >
            <form
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                showAll();
              }}
            >
              <label htmlFor={`${id}-q`}>{t('search.label')}</label>
              <input
                ref={focusRef}
                id={`${id}-q`}
                type="search"
                value={query}
                autoComplete="off"
                enterKeyHint="search"
                placeholder={t('search.placeholder')}
                aria-describedby={`${id}-status`}
                aria-controls={`${id}-results`}
                onChange={(event) => setQuery(event.target.value)}
              />
            </form>
            <p id={`${id}-status`} role="status" className="search-status">
              {tooShort && t('Searched term should consist of at least 3 characters', { ns: 'messages' })}
              {!tooShort && results.status === 'loading' && t('search.searching')}
              {results.status === 'ready' && t('search.found', { count: results.total, categories: results.categories.length })}
            </p>
            {/* Clicking a result navigates (the shell intercepts the link) and closes the panel. The click is
                the link's own, delegated here (Enter on a link clicks it too): the div is no control. */}
            {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
            <div
              id={`${id}-results`}
              ref={resultsRef}
              className="search-results"
              onClick={(event) => {
                if ((event.target as Element).closest('a[href]')) setOpen(false);
              }}
            >
              {results.status === 'ready' && !tooShort && (
                <>
                  {results.categories.length > 0 && (
                    <section aria-labelledby={`${id}-categories`}>
                      <h2 id={`${id}-categories`}>{t('search.categories')}</h2>
                      <ul className="search-categories">
                        {results.categories.map((category) => (
                          <li key={category.id}>
                            <a href={linkTo({ name: 'category', slug: category.slug })}>
                              {category.name} <span className="filter-count">({category.product_count})</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    </section>
                  )}
                  {!results.noresults ? (
                    <section aria-labelledby={`${id}-products`}>
                      <h2 id={`${id}-products`}>{t('search.products')}</h2>
                      <ul className="search-products">
                        {results.products.map((product) => (
                          <li key={product.id}>
                            <a href={productHref(product)}>
                              {product.image ? (
                                <img src={imageUrl(product.image, 150)!} alt="" width={48} height={48} loading="lazy" decoding="async" />
                              ) : (
                                <span className="search-noimage" aria-hidden="true" />
                              )}
                              <span className="search-product-name">{product.name}</span>
                              {product.final_price_incl_tax !== undefined && (
                                <span className="search-product-price">
                                  {product.type_id === 'configurable'
                                    ? t('price.from', { ns: 'common', price: formatPrice(product.final_price_incl_tax) })
                                    : formatPrice(product.final_price_incl_tax)}
                                </span>
                              )}
                            </a>
                          </li>
                        ))}
                      </ul>
                      <a className="search-all" href={searchResultsHref(term)}>
                        {t('search.all', { count: results.total })}
                      </a>
                    </section>
                  ) : (
                    <p className="search-empty">{t('search.none', { query: term })}</p>
                  )}
                </>
              )}
            </div>
            <button type="button" className="button-link" onClick={() => setOpen(false)}>
              {t('close', { ns: 'common' })}
            </button>
          </div>
        </PanelPortal>
      )}
    </>
  );
}
