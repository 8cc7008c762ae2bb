import type { RemoteName } from '@kaloryfer/contracts';
import { i18n, I18nextProvider, useTranslation } from '@kaloryfer/i18n';

/** What the retry button of a widget's fallback names, by exposed module. */
const WIDGET_NAMES: Record<string, string> = {
  './SearchButton': 'widget.search',
  './AccountButton': 'widget.account',
  './WishlistButton': 'widget.wishlist',
  './MiniCart': 'widget.minicart',
  './Footer': 'widget.footer',
};

interface FallbackProps {
  remote: RemoteName;
  exposed: string;
  variant: 'region' | 'widget';
  onRetry: () => void;
  /** Above the server's HTML of the region, which stays readable: a banner, not a page. */
  inline?: boolean;
}

function Fallback({ remote, exposed, variant, onRetry, inline = false }: FallbackProps) {
  const { t } = useTranslation('shell');
  if (variant === 'widget') {
    return (
      <span className="widget-fallback" data-fallback={remote}>
        <span aria-hidden="true">{t('fallback.widget')}</span>
        <button
          type="button"
          className="button-link"
          onClick={onRetry}
          aria-label={t('fallback.widgetRetry', { name: t(WIDGET_NAMES[exposed] ?? 'widget.unknown') })}
        >
          ↻
        </button>
      </span>
    );
  }
  if (inline) {
    return (
      <div className="region-fallback region-fallback-inline" role="alert" data-fallback={remote}>
        <p>
          <strong>{t('fallback.title')}</strong> {t('fallback.inline')}
        </p>
        <button type="button" className="button" onClick={onRetry}>
          {t('fallback.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="region-fallback" role="alert" data-fallback={remote}>
      <h1>{t('fallback.title')}</h1>
      <p>{t('fallback.body')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('fallback.retry')}
      </button>
    </div>
  );
}

/** The fallback lives outside the shell's React tree, so it brings its own i18n provider. */
export function RegionFallback(props: FallbackProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Fallback {...props} />
    </I18nextProvider>
  );
}

/** The skeleton while a remote loads (markup only: the page server sends the region's one too). */
export function loadingMarkup(variant: 'region' | 'widget'): string {
  if (variant === 'widget') return '<span class="skeleton skeleton-widget" aria-hidden="true"></span>';
  return (
    '<div class="region-loading" aria-hidden="true"><div class="skeleton skeleton-title"></div>' +
    '<div class="skeleton skeleton-line"></div><div class="skeleton skeleton-line"></div><div class="skeleton skeleton-block"></div></div>'
  );
}
