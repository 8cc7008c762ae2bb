import './search-panel.css';
import { closePanelsRequested, panelClosed, panelOpened } from '@kaloryfer/contracts';
import { Icon } from '@kaloryfer/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const MIN_QUERY_LENGTH = 3;

/**
 * The header search: a button that opens the search panel (turning the overlay on). Under
 * three characters the panel says so (spec §5); results as you type arrive with the
 * catalogue issue.
 */
export function SearchPanel() {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (!open) return undefined;
    panelOpened.emit({ panel: 'search' });
    input.current?.focus();
    const off = closePanelsRequested.on(() => setOpen(false));
    return () => {
      off();
      panelClosed.emit({ panel: 'search' });
      opener.current?.focus();
    };
  }, [open]);

  const tooShort = query.trim().length > 0 && query.trim().length < MIN_QUERY_LENGTH;
  return (
    <>
      <button ref={opener} type="button" className="button-secondary search-open" aria-expanded={open}
        onClick={() => setOpen(true)}>
        <Icon name="search" size={20} /> {t('search.open')}
      </button>
      {open && (
        <div className="search-panel" role="dialog" aria-modal="true" aria-label={t('search.panel')}
          onKeyDown={(event) => { if (event.key === 'Escape') setOpen(false); }}>
          <form role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={`${hintId}-q`}>{t('search.label')}</label>
            <input ref={input} id={`${hintId}-q`} type="search" value={query} autoComplete="off"
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
