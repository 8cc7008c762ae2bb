import type { BuiltInRemote } from '../routes';

/**
 * Who owns each channel — this table is the documentation; docs/contracts.md repeats it and
 * shared/contracts/src/surface.test.ts holds the code and that table (names and kinds) to it:
 * - a **command** is acted on by its owner alone (it is the only listener; anyone may send it);
 * - a **fact** is told by its owner alone (it is the only emitter; anyone may listen).
 * The kind says who may listen and who may tell, not how it travels: a command whose owner may
 * not be listening yet (a remote, the shell's sync queue) is a `defineCommand`, held until it is;
 * one the shell hears from its bootstrap on, a plain `defineChannel`.
 */
/** The shell, a remote's package (`mfe-<remote>`, one of the shop's five: routes.ts) or shared/ui. */
export type ChannelOwner = 'shell' | `mfe-${BuiltInRemote}` | 'shared/ui';

export const CHANNEL_OWNERS = {
  'cart:add-requested': { kind: 'command', owner: 'mfe-cart' },
  'cart:microcart-toggle-requested': { kind: 'command', owner: 'mfe-cart' },
  'cart:clear-requested': { kind: 'command', owner: 'mfe-cart' },
  'session:changed': { kind: 'fact', owner: 'mfe-account' },
  'session:login-requested': { kind: 'command', owner: 'mfe-account' },
  'session:token-refresh-requested': { kind: 'command', owner: 'mfe-account' },
  'notification:show': { kind: 'command', owner: 'shell' },
  'overlay:panel-opened': { kind: 'command', owner: 'shell' },
  'overlay:panel-closed': { kind: 'command', owner: 'shell' },
  'overlay:close-requested': { kind: 'fact', owner: 'shell' },
  'navigation:requested': { kind: 'command', owner: 'shell' },
  'page:title': { kind: 'command', owner: 'shell' },
  'compare:add-requested': { kind: 'command', owner: 'mfe-catalog' },
  'compare:remove-requested': { kind: 'command', owner: 'mfe-catalog' },
  'compare:clear-requested': { kind: 'command', owner: 'mfe-catalog' },
  'wishlist:add-requested': { kind: 'command', owner: 'mfe-account' },
  'wishlist:remove-requested': { kind: 'command', owner: 'mfe-account' },
  'connectivity:changed': { kind: 'fact', owner: 'shell' },
  'connectivity:request-failed': { kind: 'fact', owner: 'shared/ui' },
  'sync:task-requested': { kind: 'command', owner: 'shell' },
  'sync:task-settled': { kind: 'fact', owner: 'shell' },
  'sync:task-lookup-requested': { kind: 'command', owner: 'shell' },
  'sync:task-looked-up': { kind: 'fact', owner: 'shell' },
  'tag-manager:event-requested': { kind: 'command', owner: 'shell' },
} as const satisfies Record<string, { kind: 'command' | 'fact'; owner: ChannelOwner }>;
