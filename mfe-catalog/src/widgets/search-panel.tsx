import './search-panel.css';
import { Icon, useOverlayPanel } from '@kaloryfer/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_QUERY_LENGTH = 3;

/**
 * The header search: a button that opens the search panel (turning the overlay on). Under
 * three characters the panel says so (spec §5); results as you type arrive with the
 * catalogue issue.
 */
export function SearchPanel() {
  const { t } = useTranslation('catalog');
  const [query, setQuery] = useState('');
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLInputElement>('search');
  const hintId = useId();

  const tooShort = query.trim().length > 0 && query.trim().length < MIN_QUERY_LENGTH;
  return (
    <>
      <button ref={openerRef} type="button" className="button-secondary search-open" aria-expanded={open}
        onClick={() => setOpen(true)}>
        <Icon name="search" size={20} /> {t('search.open')}
      </button>
      {open && (
        <div className="search-panel" role="dialog" aria-modal="true" aria-label={t('search.panel')} onKeyDown={onKeyDown}>
          <form role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={`${hintId}-q`}>{t('search.label')}</label>
            <input ref={focusRef} id={`${hintId}-q`} type="search" value={query} autoComplete="off"
              placeholder={t('search.placeholder')} aria-describedby={tooShort ? hintId : undefined}
              onChange={(event) => setQuery(event.target.value)} />
          </form>
          {tooShort && <p id={hintId} role="status">{t('Searched term should consist of at least 3 characters', { ns: 'messages' })}</p>}
          <button type="button" className="button-link" onClick={() => setOpen(false)}>{t('close', { ns: 'common' })}</button>
        </div>
      )}
    </>
  );
}
