// The shell's styles are part of the entry, so the page server finds them in index.html and
// inlines them into every page (the first paint needs no stylesheet request).
import './styles/shell.css';
// The cookie banner's too: a first visit gets the banner in its HTML (shell/server/consent-banner-html.tsx).
import './consent/consent.css';
import { startConsentMode } from './consent/consent-mode';

// Before anything else reaches dataLayer: Consent Mode v2's `consent default` (denied), and the
// shopper's stored choice as `consent update` (docs/content.md, "Cookie consent").
startConsentMode();

/** A pause between boot steps: a phone's main thread gets to paint and take input. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Async boundary: shared singletons are negotiated before any of the shell's code runs. The
// heavy shared modules are evaluated one per task (React's DOM renderer alone is a long task on
// a phone), so the page's HTML stays responsive while the shell starts behind it.
void nextTask()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  // i18next's own code first, then the shop's i18n (its instance, the Polish words): two tasks.
  .then(() => import('i18next'))
  .then(nextTask)
  .then(() => import('@kaloryfer/i18n'))
  .then(nextTask)
  .then(() => import('./bootstrap'));
