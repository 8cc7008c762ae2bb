import { REMOTE_FILES } from '../shop-env';
import { expect, test } from './fixtures';

interface ShareEntry {
  loaded?: boolean;
  from?: string;
  useIn?: string[];
}
type ShareScope = Record<string, Record<string, ShareEntry>>;

/**
 * The proof that stateful modules exist once on a composed page: the home page runs the
 * shell and the catalogue's page, then — once the shopper reaches for them — the widgets of two
 * more remotes (cart, account), each from its own build. The footer is the content remote's server HTML and needs none of its code.
 */
test('one React, one contracts instance and one translator across the shell and the remotes', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const loadsFrom = (remote: keyof typeof REMOTE_FILES) => scripts.some((url) => url.startsWith(`${REMOTE_FILES[remote]}/`));
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Koszyk/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Regulamin sklepu' })).toBeVisible();

  // A first visit runs no code of the header's other remotes until the shopper reaches for them
  // (their buttons are the shell's launchers, docs/rendering.md "Header widgets").
  await expect(page.locator('html')).toHaveAttribute('data-route-ready', '');
  await page.waitForLoadState('networkidle');
  expect(loadsFrom('catalog')).toBe(true);
  expect(loadsFrom('cart')).toBe(false);
  expect(loadsFrom('account')).toBe(false);
  // Pointing at a button loads its widget (here the account's), which takes the launcher's place.
  await page.getByRole('button', { name: 'Zaloguj się' }).hover();
  await expect(page.locator('.slot-account [data-launcher]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
  // Behaviour that only works with one bus and one atom: a widget of one remote (cart), loaded by
  // the click that opens it, reacts to the overlay the shell derives from it, and the shell's
  // overlay click closes it.
  await page.getByRole('button', { name: /^Koszyk/ }).click();
  await expect(page.locator('body')).toHaveClass(/has-overlay/);
  await page.locator('.overlay').click({ position: { x: 5, y: 300 } });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Object identity: every copy of @kaloryfer/contracts that runs registers itself.
  const contracts = await page.evaluate(() => (window as unknown as { __KALORYFER_CONTRACTS__: unknown[] }).__KALORYFER_CONTRACTS__.length);
  expect(contracts).toBe(1);

  // The Module Federation share scope: each singleton has exactly one loaded version, and the
  // remotes on the page use it.
  const scope = await page.evaluate(() => {
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, { default: ShareScope }> } }).__FEDERATION__;
    const hostKey = Object.keys(federation.__SHARE__).find((key) => key.startsWith('shell'));
    return hostKey ? federation.__SHARE__[hostKey].default : {};
  });
  for (const name of [
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
    'nanostores',
    '@nanostores/react',
    '@kaloryfer/contracts',
    '@kaloryfer/i18n',
  ]) {
    const versions = Object.values(scope[name] ?? {});
    const loaded = versions.filter((entry) => entry.loaded);
    expect(loaded, `${name} is loaded once`).toHaveLength(1);
  }
  const reactUsers = Object.values(scope.react).flatMap((entry) => entry.useIn ?? []);
  expect(reactUsers).toEqual(expect.arrayContaining(['catalog', 'cart', 'account']));
  expect(loadsFrom('content'), 'the static footer loads no code').toBe(false);
});
