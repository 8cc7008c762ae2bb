import { tagManagerFor, type ConsentChoice } from '../behaviours/tag-manager';
import { readConsentCookie } from './consent-cookie';
import { saveConsent } from './consent-mode';
import type { ConsentUi } from './consent-ui';
import { CONSENT_ROOT_ID } from './consent-root';
import { listenForSettingsLink } from './cookie-settings-link';

type LoadUi = () => Promise<{ mountConsentUi: typeof import('./consent-ui').mountConsentUi }>;

/** Resolves once the page's route region has mounted or hydrated (`<html data-route-ready>`, set by the shell). */
export function whenRouteReady(root: HTMLElement = document.documentElement): Promise<void> {
  return new Promise((resolve) => {
    if (root.hasAttribute('data-route-ready')) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute('data-route-ready')) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-route-ready'] });
  });
}

/**
 * The footer's cookie-settings link at once; the banner for a shopper who has not chosen yet
 * once the page has hydrated (it never competes with the page's own first view). The banner's
 * code is its own chunk, loaded only when something is to be shown.
 */
export function startConsentUi({
  load = () => import('./consent-ui'),
  ready = whenRouteReady(),
  afterChoice,
}: {
  load?: LoadUi;
  ready?: Promise<void>;
  /** What follows the shopper's choice on this page (the A/B test's assignment id once analytics is allowed). */
  afterChoice?: (choice: ConsentChoice) => void;
} = {}): () => void {
  let ui: Promise<ConsentUi> | null = null;
  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    afterChoice?.(choice);
  };
  const show = () => {
    ui ??= load().then(({ mountConsentUi }) => mountConsentUi({ readStored: () => readConsentCookie(), onChoose: choose }));
    return ui;
  };
  // A choice read at start (startConsentMode) needs no banner; the banner still reads the cookie itself.
  // A banner the server rendered is always taken over (a choice made in another tab meanwhile removes it).
  const serverBanner = globalThis.document?.getElementById(CONSENT_ROOT_ID) != null;
  if (serverBanner || tagManagerFor().consent() === null) void ready.then(() => (serverBanner || readConsentCookie() === null ? show() : undefined));
  return listenForSettingsLink((opener) => {
    void show().then((mounted) => mounted.openSettings(opener));
  });
}
