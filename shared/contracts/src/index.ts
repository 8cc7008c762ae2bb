export {
  defineChannel,
  defineCommand,
  allEvents,
  onCommandWaiting,
  commandsWaiting,
  keepWaitingCommandsIn,
  type Channel,
  type BusEvent,
  type HeldCommand,
  type HeldCommandStore,
} from './bus';
export * from './stored-state';
export * from './channels/cart';
export * from './channels/session';
export * from './channels/notifications';
export * from './channels/overlay';
export * from './channels/navigation';
export * from './channels/compare';
export * from './channels/wishlist';
export type * from './channels/product-ref';
export * from './channels/owners';
export * from './channels/connectivity';
export * from './channels/sync';
export * from './channels/tag-manager';
export * from './atoms';
export type * from './atoms/state-types';
export type * from './rendering';
export * from './routes';
export * from './remotes';
export * from './instance';
export { CONTRACTS_VERSION, majorOf } from './meta';
export * from './seo-urls';
