import type { RemoteName } from './routes';

/**
 * What the shell loads of each remote: the route region (`./app`) of a remote that owns routes,
 * and the header and footer widgets. A build must expose every module of its remote here — the
 * registry's release gate (docs/releasing.md) refuses one that does not, before any shopper
 * loads it. The shell's widget table (shell/src/apps/header-widgets.ts) and the route table
 * (routes.ts) are held to it by remote-modules.test.ts.
 */
export const REMOTE_MODULES: Readonly<Record<RemoteName, readonly string[]>> = {
  catalog: ['./app', './SearchButton'],
  cart: ['./MiniCart'],
  checkout: ['./app'],
  account: ['./app', './AccountButton', './WishlistButton'],
  content: ['./app', './Footer'],
};
