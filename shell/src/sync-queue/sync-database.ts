/**
 * The IndexedDB database of the queue. Its own module because both sides need its name: the
 * store that opens it (idb-task-store.ts, in the queue's lazily loaded chunk) and the loader
 * that asks whether it exists before loading that chunk (on-demand.ts, in the boot).
 */
export const SYNC_DATABASE = 'kaloryfer-sync';
