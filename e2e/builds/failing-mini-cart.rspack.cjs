/**
 * The cart remote built to fail on every mount: e2e/tests/canary.spec.ts releases it as a canary
 * to prove the shop rolls a bad build back by itself (docs/releasing.md, "Canaries"). The cart's
 * own configuration (mfe-cart/rspack.config.cjs) with its one exposed module swapped for
 * failing-mini-cart.ts — the fault lives in this test build only, never in a shipped one
 * (scripts/check-shipped-builds.ts proves the shop's builds free of it).
 *
 *   cd mfe-cart && REMOTE_VERSION=9.9.0-broken REMOTE_OUT_DIR=/tmp/x npx rspack build -c ../e2e/builds/failing-mini-cart.rspack.cjs
 */
const path = require('node:path');
const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) =>
  createRemoteConfig(
    {
      dir: path.resolve(__dirname, '../../mfe-cart'),
      remote: 'cart',
      exposes: { './MiniCart': path.join(__dirname, 'failing-mini-cart.ts') },
    },
    argv,
  );
