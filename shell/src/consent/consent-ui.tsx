import { i18n, I18nextProvider } from '@kaloryfer/i18n';
import { reportRecoverableError } from '@kaloryfer/ui';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { ConsentChoice } from '../behaviours/tag-manager';
import { CONSENT_ID_PREFIX, CONSENT_ROOT_ID } from './consent-root';
import { CookieConsent } from './cookie-consent';

export interface ConsentUi {
  /** Opens the settings dialog; focus goes back to `opener` when it closes. */
  openSettings(opener: HTMLElement | null): void;
}

/**
 * The banner and dialog get their own React root, outside the server-rendered frame, whose
 * hydration never sees them. For a shopper with no choice the page server has put the banner
 * there (shell/server/consent-banner-html.tsx): this hydrates it. Loaded after the route
 * region, on its own chunk: a shopper who has chosen loads it only if they open the settings.
 */
export function mountConsentUi({ readStored, onChoose }: { readStored: () => ConsentChoice | null; onChoose: (choice: ConsentChoice) => void }): ConsentUi {
  const serverBanner = document.getElementById(CONSENT_ROOT_ID);
  const container = serverBanner ?? document.createElement('div');
  if (!serverBanner) {
    container.id = CONSENT_ROOT_ID;
    document.body.prepend(container);
  }
  const listeners = new Set<(opener: HTMLElement | null) => void>();
  const pending: (HTMLElement | null)[] = [];
  const onSettingsRequested = (open: (opener: HTMLElement | null) => void) => {
    listeners.add(open);
    for (const opener of pending.splice(0)) open(opener);
    return () => {
      listeners.delete(open);
    };
  };
  const ui = (
    <I18nextProvider i18n={i18n}>
      <CookieConsent readStored={readStored} onChoose={onChoose} onSettingsRequested={onSettingsRequested} initialStored={serverBanner ? null : undefined} />
    </I18nextProvider>
  );
  if (serverBanner)
    startTransition(() => void hydrateRoot(serverBanner, ui, { identifierPrefix: CONSENT_ID_PREFIX, onRecoverableError: reportRecoverableError }));
  else createRoot(container, { identifierPrefix: CONSENT_ID_PREFIX }).render(ui);
  return {
    openSettings(opener) {
      if (listeners.size === 0) pending.push(opener); // before the first render's effects
      for (const open of listeners) open(opener);
    },
  };
}
