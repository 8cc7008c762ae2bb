import './consent.css';
import { i18n, I18nextProvider } from '@kaloryfer/i18n';
import { createRoot } from 'react-dom/client';
import type { ConsentChoice } from '../behaviours/tag-manager';
import { CookieConsent } from './CookieConsent';

export interface ConsentUi {
  /** Opens the settings dialog; focus goes back to `opener` when it closes. */
  openSettings(opener: HTMLElement | null): void;
}

/**
 * The banner and dialog get their own React root, at the start of <body> (the first thing Tab
 * reaches), outside the server-rendered frame: the page server never renders them and the
 * frame's hydration never sees them. Loaded after hydration, on its own chunk: a shopper who
 * has chosen loads it only if they open the settings.
 */
export function mountConsentUi({ readStored, onChoose }: { readStored: () => ConsentChoice | null; onChoose: (choice: ConsentChoice) => void }): ConsentUi {
  const container = document.createElement('div');
  container.id = 'kf-consent';
  document.body.prepend(container);
  const listeners = new Set<(opener: HTMLElement | null) => void>();
  const pending: (HTMLElement | null)[] = [];
  const onSettingsRequested = (open: (opener: HTMLElement | null) => void) => {
    listeners.add(open);
    for (const opener of pending.splice(0)) open(opener);
    return () => {
      listeners.delete(open);
    };
  };
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <CookieConsent readStored={readStored} onChoose={onChoose} onSettingsRequested={onSettingsRequested} />
    </I18nextProvider>,
  );
  return {
    openSettings(opener) {
      if (listeners.size === 0) pending.push(opener); // before the first render's effects
      for (const open of listeners) open(opener);
    },
  };
}
