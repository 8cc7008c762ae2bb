import { useTranslation } from '@kaloryfer/i18n';
import { Icon } from '@kaloryfer/ui';
import type { Ref } from 'react';
import type { HeaderWidgetName } from '../apps/header-widgets';

/**
 * A header widget's button as a first visitor sees it — same look, same accessible name (the
 * words are checked against the widgets' own in scripts/test/launcher-words.test.ts) — drawn
 * by the shell on the server, so the header is complete before any remote's code runs.
 * Reaching for it (pointer over it, focus, a press) loads the widget; a press is replayed.
 */
export function WidgetLauncher({
  ref,
  name,
  restoring,
  pending,
  onIntent,
}: {
  ref: Ref<HTMLButtonElement>;
  name: HeaderWidgetName;
  /** The shopper's stored state is being restored: a count would be wrong until then. */
  restoring: boolean;
  /** Pressed, its widget's code on its way: shown busy (aria-busy, a progress cursor and a pulse) until the widget takes its place. */
  pending: boolean;
  onIntent: (click: boolean) => void;
}) {
  const { t } = useTranslation('shell');
  const events = {
    ref,
    type: 'button' as const,
    'data-launcher': name,
    'aria-busy': pending || undefined,
    onPointerEnter: () => onIntent(false),
    onFocus: () => onIntent(false),
    onPointerDown: () => onIntent(true),
    onClick: () => onIntent(true),
  };
  switch (name) {
    case 'search':
      return (
        <button {...events} className="button-secondary search-open widget-launcher" aria-expanded={false}>
          <Icon name="search" size={20} /> <span className="search-open-label">{t('launcher.search')}</span>
        </button>
      );
    case 'account':
      return (
        <button {...events} className="button-icon account-button widget-launcher" aria-haspopup="dialog" aria-label={t('launcher.account')}>
          <Icon name="user" />
        </button>
      );
    case 'wishlist':
      return (
        <button {...events} className="button-icon wishlist-button widget-launcher" aria-expanded={false} aria-label={t('launcher.wishlist')}>
          <Icon name="heart" />
        </button>
      );
    case 'minicart':
      return (
        <button {...events} className="button-icon minicart-button widget-launcher" aria-expanded={false} aria-label={t('launcher.minicart')}>
          <Icon name="cart" />
          <span className="header-badge" aria-hidden="true" hidden={restoring}>
            0
          </span>
        </button>
      );
  }
}
