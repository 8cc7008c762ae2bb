import type { I18n } from '@kaloryfer/i18n';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from '@kaloryfer/i18n';
import { CONSENT_COOKIE, parseConsent } from '../src/consent/consent-cookie';
import { CONSENT_ID_PREFIX, CONSENT_ROOT_ID } from '../src/consent/consent-root';
import { CookieConsent } from '../src/consent/cookie-consent';

const nothing = () => undefined;

/**
 * The cookie banner in the page's HTML for a shopper who has not chosen (or whose choice is of an
 * older policy): painted with the page, not after its code — on a first visit the banner is the
 * largest text on a phone's screen, and drawn late it was the page's largest contentful paint.
 * The same component the browser hydrates (shell/src/consent/consent-ui.tsx), once per language.
 */
export class ConsentBannerHtml {
  private readonly cache = new Map<string, string>();

  /** The banner's root with the banner, or '' when the request carries a valid choice. */
  forRequest(cookies: Record<string, string | undefined>, i18n: I18n, now = Date.now()): string {
    if (parseConsent(cookies[CONSENT_COOKIE], now) !== null) return '';
    let html = this.cache.get(i18n.language);
    if (html === undefined) {
      const banner = renderToString(
        <I18nextProvider i18n={i18n}>
          <CookieConsent readStored={() => null} onChoose={nothing} onSettingsRequested={() => nothing} initialStored={null} />
        </I18nextProvider>,
        { identifierPrefix: CONSENT_ID_PREFIX },
      );
      html = `<div id="${CONSENT_ROOT_ID}">${banner}</div>`;
      this.cache.set(i18n.language, html);
    }
    return html;
  }
}
