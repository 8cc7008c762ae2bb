/**
 * Cookie consent as a shopper meets it: the shell's start (Consent Mode default, the stored
 * choice), the page's own events, the banner after hydration, one click to accept or to reject,
 * the settings dialog by keyboard, a reload with the cookie, the footer's link.
 *
 * Each test is a fresh page: the shell's modules are loaded anew (jest.resetModules), as a page
 * load would; document.cookie is the browser's cookie jar and outlives the "reload".
 */
import { configure, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';

// The banner's code is loaded lazily, as on the page: under a full parallel run its first
// compile can take over testing-library's default second (a flake seen once), so wait longer.
configure({ asyncUtilTimeout: 10_000 });

type Entry = unknown[] | Record<string, unknown>;
type Win = typeof window & { dataLayer?: unknown[] };

const DEFAULT = [
  'consent',
  'default',
  {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
    functionality_storage: 'granted',
    security_storage: 'granted',
    wait_for_update: 500,
  },
];
const update = (analytics: boolean, marketing: boolean) => [
  'consent',
  'update',
  {
    ad_storage: marketing ? 'granted' : 'denied',
    ad_user_data: marketing ? 'granted' : 'denied',
    ad_personalization: marketing ? 'granted' : 'denied',
    analytics_storage: analytics ? 'granted' : 'denied',
  },
];
const PAGE_VIEW = {
  event: 'page_view',
  page_path: '/c/grzejniki-lazienkowe',
  page_title: 'Grzejniki łazienkowe - Sklep',
  route_name: 'category',
  remote: 'catalog',
};

/** window.dataLayer with gtag commands (arguments objects) as arrays. */
function dataLayer(): Entry[] {
  return ((window as Win).dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as IArguments) : (entry as Record<string, unknown>),
  );
}

const stops: (() => void)[] = [];

/** A page load: the shell's entry (consent mode), its boot (the page's events), hydration done, then the consent UI. */
async function loadPage(): Promise<void> {
  jest.resetModules();
  document.body.innerHTML = '<div id="root"><main id="main-content" tabindex="-1"><h1>Grzejniki łazienkowe</h1></main></div>';
  document.documentElement.removeAttribute('data-route-ready');
  delete (window as Win).dataLayer;
  const { initI18n } = require('@kaloryfer/i18n') as typeof import('@kaloryfer/i18n');
  await initI18n({ language: 'pl-PL' });
  (require('../i18n/shell-bundles') as typeof import('../i18n/shell-bundles')).addShellNamespace();

  (require('./consent-mode') as typeof import('./consent-mode')).startConsentMode(); // shell/src/index.ts
  const { pushToDataLayer } = require('../behaviours/tag-manager') as typeof import('../behaviours/tag-manager');
  pushToDataLayer({ event: 'mfe_assignment', remote: 'checkout', variant: 'b', source: 'cookie' }); // bootstrap
  const { startConsentUi } = require('./start-consent') as typeof import('./start-consent');
  stops.push(startConsentUi());
  pushToDataLayer(PAGE_VIEW); // the router, once the route has mounted
  document.documentElement.setAttribute('data-route-ready', ''); // the route region has hydrated
}

const banner = () => screen.queryByRole('region', { name: 'Pliki cookies w sklepie Kaloryfer' });

beforeEach(() => {
  document.cookie = 'kf_consent=; Max-Age=0; Path=/';
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.getElementById('kf-consent')?.remove();
  document.documentElement.classList.remove('has-consent-banner');
});

test('first visit: `consent default` (denied) is the first dataLayer entry, nothing analytic is pushed, the banner shows after hydration', async () => {
  await loadPage();
  expect(dataLayer()).toEqual([DEFAULT]);
  // gtag's shape: an arguments object, which tag managers read as a command (an array they would not).
  const first = (window as Win).dataLayer![0];
  expect(Array.isArray(first)).toBe(false);
  expect(Object.prototype.toString.call(first)).toBe('[object Arguments]');

  const region = await screen.findByRole('region', { name: 'Pliki cookies w sklepie Kaloryfer' });
  const accept = within(region).getByRole('button', { name: 'Akceptuję wszystkie' });
  const reject = within(region).getByRole('button', { name: 'Odrzucam' });
  expect(reject.className).toBe(accept.className); // as easy as accepting: same look and size
  expect(within(region).getByRole('button', { name: 'Ustawienia' })).toBeInTheDocument();
  expect(within(region).getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute('href', '/i/polityka-prywatnosci');
  // The page keeps room for the banner at its bottom while it shows.
  expect(document.documentElement).toHaveClass('has-consent-banner');
  expect(dataLayer()).toEqual([DEFAULT]);
});

test('reject is one click; after a reload with the cookie there is no banner and no analytics event', async () => {
  await loadPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Odrzucam' }));
  expect(banner()).not.toBeInTheDocument();
  expect(document.documentElement).not.toHaveClass('has-consent-banner');
  expect(dataLayer()).toEqual([DEFAULT, update(false, false)]); // what waited is dropped
  expect(document.cookie).toMatch(/kf_consent=v%3D1%26a%3D0%26m%3D0%26t%3D\d+/);

  await loadPage(); // reload
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(banner()).not.toBeInTheDocument();
  expect(document.getElementById('kf-consent')).toBeNull(); // the banner's code was not even loaded
  expect(dataLayer()).toEqual([DEFAULT, update(false, false)]);
});

test('accept is one click: `consent update` granted, then the events that waited, in order', async () => {
  await loadPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Akceptuję wszystkie' }));
  expect(banner()).not.toBeInTheDocument();
  expect(dataLayer()).toEqual([DEFAULT, update(true, true), { event: 'mfe_assignment', remote: 'checkout', variant: 'b', source: 'cookie' }, PAGE_VIEW]);

  await loadPage(); // reload: the stored choice is the update, at once, and the page's events follow it
  expect(dataLayer()).toEqual([DEFAULT, update(true, true), { event: 'mfe_assignment', remote: 'checkout', variant: 'b', source: 'cookie' }, PAGE_VIEW]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(banner()).not.toBeInTheDocument();
});

test('settings by keyboard: none pre-ticked, focus kept inside, Escape closes and focus returns; saving analytics only', async () => {
  const user = userEvent.setup();
  await loadPage();
  await screen.findByRole('region', { name: 'Pliki cookies w sklepie Kaloryfer' });

  // The banner is the first thing Tab reaches.
  await user.tab();
  expect(screen.getByRole('link', { name: 'Polityka prywatności' })).toHaveFocus();
  await user.tab();
  await user.tab();
  await user.tab();
  const settings = screen.getByRole('button', { name: 'Ustawienia' });
  expect(settings).toHaveFocus();
  await user.keyboard('{Enter}');

  const dialog = await screen.findByRole('dialog', { name: 'Ustawienia plików cookies' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  const necessary = within(dialog).getByRole('checkbox', { name: 'Niezbędne (zawsze włączone)' });
  const analytics = within(dialog).getByRole('checkbox', { name: 'Analityczne' });
  const marketing = within(dialog).getByRole('checkbox', { name: 'Marketingowe' });
  expect(necessary).toBeChecked();
  expect(necessary).toBeDisabled();
  expect(analytics).not.toBeChecked();
  expect(marketing).not.toBeChecked();
  expect(analytics).toHaveFocus();

  // Tab goes round inside the dialog: analytics → marketing → save → close → analytics.
  await user.tab();
  expect(marketing).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Zapisz wybór' })).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Zamknij ustawienia plików cookies' })).toHaveFocus();
  await user.tab();
  expect(analytics).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(settings).toHaveFocus();
  expect(banner()).toBeInTheDocument(); // closing is not a choice
  expect(dataLayer()).toEqual([DEFAULT]);

  await user.keyboard('{Enter}');
  await screen.findByRole('dialog', { name: 'Ustawienia plików cookies' });
  await user.keyboard(' '); // tick analytics
  await user.tab();
  await user.tab();
  await user.keyboard('{Enter}'); // save
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(banner()).not.toBeInTheDocument();
  expect(document.getElementById('main-content')).toHaveFocus(); // the banner is gone: focus goes to the page
  expect(dataLayer()).toEqual([DEFAULT, update(true, false), { event: 'mfe_assignment', remote: 'checkout', variant: 'b', source: 'cookie' }, PAGE_VIEW]);
});

test('the footer link opens the settings after a choice; a new choice is stored and sent as an update', async () => {
  document.cookie = `kf_consent=${encodeURIComponent(`v=1&a=0&m=0&t=${Math.floor(Date.now() / 1000)}`)}; Path=/`;
  await loadPage();
  const footer = document.createElement('footer');
  footer.innerHTML = '<a href="/i/polityka-prywatnosci#ustawienia-cookies">Ustawienia cookies</a>';
  document.body.append(footer);
  const routerSaw: boolean[] = [];
  const router = (event: MouseEvent) => routerSaw.push(event.defaultPrevented);
  document.addEventListener('click', router); // the router listens on the bubbling phase
  try {
    const link = screen.getByRole('link', { name: 'Ustawienia cookies' });
    await userEvent.click(link);
    expect(routerSaw).toEqual([true]); // the shell took the click: no navigation
    const dialog = await screen.findByRole('dialog', { name: 'Ustawienia plików cookies' });
    const marketing = within(dialog).getByRole('checkbox', { name: 'Marketingowe' });
    expect(marketing).not.toBeChecked(); // today's choice
    await userEvent.click(marketing);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zapisz wybór' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(link).toHaveFocus();
    expect(dataLayer()).toEqual([DEFAULT, update(false, false), update(false, true)]);
    expect(document.cookie).toMatch(/kf_consent=v%3D1%26a%3D0%26m%3D1/);
    expect(banner()).not.toBeInTheDocument();
  } finally {
    document.removeEventListener('click', router);
  }
});

test('a page opened with #ustawienia-cookies opens the settings and drops the hash', async () => {
  history.replaceState(null, '', '/i/regulamin#ustawienia-cookies');
  await loadPage();
  expect(await screen.findByRole('dialog', { name: 'Ustawienia plików cookies' })).toBeInTheDocument();
  expect(location.hash).toBe('');
  expect(location.pathname).toBe('/i/regulamin');
  history.replaceState(null, '', '/');
});
