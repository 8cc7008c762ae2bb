import { Subject, filter, map, type Observable } from 'rxjs';

/** One envelope type for every event on the bus; channels below narrow it by name. */
export interface BusEvent {
  readonly type: string;
  readonly payload: unknown;
}

// The one bus of the page. This module must be a Module Federation singleton:
// two copies would mean two buses that never hear each other (see instance.ts).
const bus = new Subject<BusEvent>();

export interface Channel<Payload> {
  readonly name: string;
  emit(payload: Payload): void;
  /** Subscribes; returns the unsubscribe function. */
  on(handler: (payload: Payload) => void): () => void;
  readonly stream: Observable<Payload>;
}

export function defineChannel<Payload>(name: string): Channel<Payload> {
  const stream = bus.pipe(
    filter((event) => event.type === name),
    map((event) => event.payload as Payload),
  );
  return {
    name,
    emit: (payload) => bus.next({ type: name, payload }),
    on: (handler) => {
      const subscription = stream.subscribe(handler);
      return () => subscription.unsubscribe();
    },
    stream,
  };
}

/** Every event with its name: for debugging tools and tests, not for business logic. */
export const allEvents: Observable<BusEvent> = bus.asObservable();

/** Commands held for an owner that has not loaded yet: at most this many per channel. */
const MAX_WAITING = 50;
interface Waiting {
  id: string;
  payload: unknown;
}
const commandQueues = new Map<string, { handlers: number; waiting: Waiting[]; flushing: boolean; kept: boolean; flush?: () => void }>();
const waitingListeners = new Set<(channel: string) => void>();

/** A command a page left waiting for its owner, as kept across a reload (`keepWaitingCommandsIn`). */
export interface HeldCommand {
  id: string;
  channel: string;
  payload: unknown;
}

/** Where the shell keeps waiting commands of kept channels (the tab's session storage). */
export interface HeldCommandStore {
  load(): HeldCommand[];
  save(commands: HeldCommand[]): void;
}

let heldStore: HeldCommandStore | null = null;
let nextHeldId = 0;
const heldId = () => `${Date.now().toString(36)}-${(nextHeldId += 1).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function queueOf(name: string) {
  let queue = commandQueues.get(name);
  if (!queue) {
    queue = { handlers: 0, waiting: [], flushing: false, kept: false } as {
      handlers: number;
      waiting: Waiting[];
      flushing: boolean;
      kept: boolean;
      flush?: () => void;
    };
    commandQueues.set(name, queue);
  }
  return queue;
}

/** Writes every kept channel's waiting commands to the store (nothing without one). */
function persistHeld(): void {
  if (!heldStore) return;
  const held: HeldCommand[] = [];
  for (const [channel, queue] of commandQueues) {
    if (queue.kept) for (const { id, payload } of queue.waiting) held.push({ id, channel, payload });
  }
  try {
    heldStore.save(held);
  } catch {
    // a full or refused storage keeps them in memory only, as before
  }
}

/**
 * Keeps the waiting commands of kept channels (a shopper's "add to cart", wishlist, compare: their
 * intent) in `store` while their owner has not loaded, and sends again the ones a previous page of
 * this tab left waiting — its owner's code could not arrive (offline on a first visit) before
 * the page was reloaded. A command leaves the store when it is handed to its owner.
 */
export function keepWaitingCommandsIn(store: HeldCommandStore): void {
  heldStore = store;
  let left: HeldCommand[] = [];
  try {
    left = store.load();
  } catch {
    left = [];
  }
  for (const held of left) {
    if (typeof held?.channel !== 'string' || typeof held.id !== 'string') continue;
    const queue = queueOf(held.channel);
    if (!queue.kept || queue.waiting.some((waiting) => waiting.id === held.id) || queue.waiting.length >= MAX_WAITING) continue;
    queue.waiting.push({ id: held.id, payload: held.payload });
  }
  persistHeld();
  for (const name of commandsWaiting()) for (const listener of [...waitingListeners]) listener(name);
  // Owners already listening take theirs now.
  for (const queue of commandQueues.values()) if (queue.handlers > 0 && queue.waiting.length > 0) queue.flush?.();
}

/** The command channels holding commands for an owner that does not listen yet. */
export function commandsWaiting(): string[] {
  return [...commandQueues].filter(([, queue]) => queue.handlers === 0 && queue.waiting.length > 0).map(([name]) => name);
}

/**
 * Tells `listener` the name of each command channel holding a command for an owner that does not
 * listen yet: those waiting now, then each that starts waiting. The shell loads the owner's code
 * then (a header widget's remote loads when a shopper first needs it, docs/rendering.md).
 */
export function onCommandWaiting(listener: (channel: string) => void): () => void {
  waitingListeners.add(listener);
  for (const [name, queue] of commandQueues) if (queue.handlers === 0 && queue.waiting.length > 0) listener(name);
  return () => {
    waitingListeners.delete(listener);
  };
}

/**
 * A command channel: sent while its owner has not loaded yet (the cart engine comes with a
 * header widget, after the page has hydrated), a command waits and is delivered, in order, once
 * the owner listens — a shopper's early "add to cart" is not lost. A `keep` channel's waiting
 * commands also survive a reload of the tab (`keepWaitingCommandsIn`): the shopper's intent, not
 * a moment of the page's UI. Facts are never held: they describe a moment.
 */
export function defineCommand<Payload>(name: string, options: { keep?: boolean } = {}): Channel<Payload> {
  const channel = defineChannel<Payload>(name);
  const state = queueOf(name);
  if (options.keep) state.kept = true;
  const flush = () => {
    const waiting = state.waiting.splice(0);
    state.flushing = false;
    if (state.kept && waiting.length > 0) persistHeld();
    for (const { payload } of waiting) channel.emit(payload as Payload);
  };
  state.flush = () => {
    if (state.flushing) return;
    state.flushing = true;
    queueMicrotask(flush);
  };
  return {
    name,
    stream: channel.stream,
    emit: (payload) => {
      if (state.handlers > 0 && !state.flushing) channel.emit(payload);
      else if (state.waiting.length < MAX_WAITING) {
        state.waiting.push({ id: heldId(), payload });
        if (state.kept) persistHeld();
        if (state.handlers === 0) for (const listener of [...waitingListeners]) listener(name);
      }
    },
    on: (handler) => {
      const off = channel.on(handler);
      state.handlers += 1;
      if (state.handlers === 1 && state.waiting.length > 0) state.flush!();
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        off();
        state.handlers -= 1;
      };
    },
  };
}
