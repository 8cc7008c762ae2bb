import { defineConfig } from '@playwright/test';
import { BASE_URL, SHOP_ENV } from './shop-env';

/**
 * e2e against the built, composed shop: the shell, the API and every remote's builds (the
 * registry's /mfe/ files) on one origin. Debian's Chromium (never a downloaded browser). One
 * worker: the machine has two cores.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    trace: 'off',
    // The shop registers a service worker; a journey about something else runs as a first visit
    // without it (route() stubs then see every request). offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh var/ each run: its own database, published remotes and registry.
    command: 'rm -rf .var && npx tsx ../scripts/start.ts',
    // Not a URL to poll: the API answers before npm start has released every remote to its
    // registry (Playwright takes whichever comes first). Journeys start once it says it runs.
    wait: { stdout: /Kaloryfer is running/ },
    env: SHOP_ENV,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
