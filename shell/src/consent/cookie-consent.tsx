import { linkTo } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { useFocusTrap } from '@kaloryfer/ui';
import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { CONSENT_FORM_PATH, FORM_CHOICES } from './consent-cookie';
import type { ConsentChoice } from '../behaviours/tag-manager';

export const NOTHING_CHOSEN: ConsentChoice = FORM_CHOICES.none;
/** The same two choices the banner's form posts before its code runs. */
const EVERYTHING: ConsentChoice = FORM_CHOICES.all;

export interface CookieConsentProps {
  /** The stored choice (the cookie): read in an effect, never while rendering. */
  readStored: () => ConsentChoice | null;
  /** The shopper chose: store it and tell the tag manager. */
  onChoose: (choice: ConsentChoice) => void;
  /** Subscribes to "open the settings" (the footer's link); returns the unsubscribe. */
  onSettingsRequested: (open: (opener: HTMLElement | null) => void) => () => void;
  /**
   * What the first render shows: undefined (nothing, until the cookie is read) or null (the
   * banner — the page server rendered it for a shopper with no choice, and hydration must match).
   */
  initialStored?: null;
}

/**
 * The cookie banner and the settings dialog. Hydration-safe wherever it is rendered: the first
 * render (the server's, the hydrating one) is empty, and the stored choice is read in an effect.
 * The banner shows until the shopper chooses; the dialog opens from the banner's "Ustawienia"
 * or the footer's link, also after a choice, to change it.
 */
export function CookieConsent({ readStored, onChoose, onSettingsRequested, initialStored }: CookieConsentProps) {
  // undefined: not read yet (nothing rendered); null: no choice yet (the banner).
  const [stored, setStored] = useState<ConsentChoice | null | undefined>(initialStored);
  const [settings, setSettings] = useState<{ opener: HTMLElement | null } | null>(null);

  useEffect(() => setStored(readStored()), [readStored]);
  useEffect(() => onSettingsRequested((opener) => setSettings({ opener })), [onSettingsRequested]);

  const choose = (choice: ConsentChoice) => {
    onChoose(choice);
    setStored(choice);
    setSettings(null);
  };

  return (
    <>
      {stored === null && (
        <ConsentBanner onAcceptAll={() => choose(EVERYTHING)} onRejectAll={() => choose(NOTHING_CHOSEN)} onSettings={(opener) => setSettings({ opener })} />
      )}
      {settings && stored !== undefined && (
        <ConsentSettings initial={stored ?? NOTHING_CHOSEN} opener={settings.opener} onSave={choose} onClose={() => setSettings(null)} />
      )}
    </>
  );
}

/**
 * While the banner shows, the page keeps room for it at its bottom (a padding as tall as the
 * banner, kept up to date as it wraps), so the end of any page — its last button included — can
 * be scrolled above it, and focus scrolled into view lands above it too (scroll-padding).
 * The banner is fixed: nothing on the page moves when it appears (no layout shift).
 */
function useRoomAtTheBottom(banner: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--kf-consent-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    root.classList.add('has-consent-banner');
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.classList.remove('has-consent-banner');
      root.style.removeProperty('--kf-consent-height');
    };
  }, [banner]);
}

/** Once the code runs, a choice is made in the page: the form is not sent. */
const inPage = (choose: () => void) => (event: MouseEvent) => {
  event.preventDefault();
  choose();
};

function ConsentBanner({
  onAcceptAll,
  onRejectAll,
  onSettings,
}: {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onSettings: (opener: HTMLElement) => void;
}) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const textId = useId();
  const banner = useRef<HTMLElement>(null);
  useRoomAtTheBottom(banner);
  return (
    <section ref={banner} className="consent-banner" aria-labelledby={titleId} aria-describedby={textId} data-consent="banner">
      <div className="consent-banner-inner">
        <div className="consent-banner-text">
          <p id={titleId} className="consent-banner-title">
            {t('consent.title')}
          </p>
          <p id={textId}>
            {t('consent.text')} <a href={linkTo({ name: 'cms-page', slug: 'polityka-prywatnosci' })}>{t('consent.policy')}</a>
          </p>
        </div>
        {/* A form: a press before the banner's code has run (or without JavaScript) still counts. */}
        <form className="consent-actions" method="post" action={CONSENT_FORM_PATH}>
          {/* Rejecting is as easy as accepting: same place, same size, same look. */}
          <button type="submit" name="choice" value="all" className="button consent-choice" onClick={inPage(onAcceptAll)}>
            {t('consent.acceptAll')}
          </button>
          <button type="submit" name="choice" value="none" className="button consent-choice" onClick={inPage(onRejectAll)}>
            {t('consent.rejectAll')}
          </button>
          <button type="button" className="button-link consent-settings" onClick={(event) => onSettings(event.currentTarget)}>
            {t('consent.settings')}
          </button>
        </form>
      </div>
    </section>
  );
}

function ConsentSettings({
  initial,
  opener,
  onSave,
  onClose,
}: {
  initial: ConsentChoice;
  opener: HTMLElement | null;
  onSave: (choice: ConsentChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const introId = useId();
  const ids = { necessary: useId(), analytics: useId(), marketing: useId() };
  const [choice, setChoice] = useState<ConsentChoice>(initial);
  useFocusTrap(dialog, true);

  useEffect(() => {
    first.current?.focus();
    return () => {
      // Focus goes back where it came from; if that is gone (the banner, after a choice), to the page.
      const back = opener?.isConnected ? opener : document.getElementById('main-content');
      back?.focus({ preventScroll: true });
    };
  }, [opener]);

  const purpose = (name: keyof ConsentChoice) => (
    <div className="consent-purpose">
      <input
        id={ids[name]}
        type="checkbox"
        checked={choice[name]}
        ref={name === 'analytics' ? first : undefined}
        aria-describedby={`${ids[name]}-help`}
        onChange={(event) => setChoice({ ...choice, [name]: event.target.checked })}
      />
      <div>
        <label htmlFor={ids[name]}>{t(`consent.${name}`)}</label>
        <p id={`${ids[name]}-help`} className="consent-help">
          {t(`consent.${name}Help`)}
        </p>
      </div>
    </div>
  );

  return (
    <div className="consent-backdrop">
      <div
        ref={dialog}
        className="consent-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="consent-dialog-head">
          <h2 id={titleId}>{t('consent.dialogTitle')}</h2>
          <button type="button" className="button-icon" aria-label={t('consent.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <p id={introId}>{t('consent.dialogIntro')}</p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSave(choice);
          }}
        >
          <fieldset className="consent-purposes">
            <legend>{t('consent.purposes')}</legend>
            <div className="consent-purpose">
              <input id={ids.necessary} type="checkbox" checked disabled readOnly aria-describedby={`${ids.necessary}-help`} />
              <div>
                <label htmlFor={ids.necessary}>{t('consent.necessary')}</label>
                <p id={`${ids.necessary}-help`} className="consent-help">
                  {t('consent.necessaryHelp')}
                </p>
              </div>
            </div>
            {purpose('analytics')}
            {purpose('marketing')}
          </fieldset>
          <button type="submit" className="button">
            {t('consent.save')}
          </button>
        </form>
      </div>
    </div>
  );
}
