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
const commandQueues = new Map<string, { handlers: number; waiting: unknown[]; flushing: boolean }>();
const waitingListeners = new Set<(channel: string) => void>();

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
 * the owner listens — a shopper's early "add to cart" is not lost. Facts are never held:
 * they describe a moment.
 */
export function defineCommand<Payload>(name: string): Channel<Payload> {
  const channel = defineChannel<Payload>(name);
  let queue = commandQueues.get(name);
  if (!queue) {
    queue = { handlers: 0, waiting: [], flushing: false };
    commandQueues.set(name, queue);
  }
  const state = queue;
  const flush = () => {
    const waiting = state.waiting.splice(0);
    state.flushing = false;
    for (const payload of waiting) channel.emit(payload as Payload);
  };
  return {
    name,
    stream: channel.stream,
    emit: (payload) => {
      if (state.handlers > 0 && !state.flushing) channel.emit(payload);
      else if (state.waiting.length < MAX_WAITING) {
        state.waiting.push(payload);
        if (state.handlers === 0) for (const listener of [...waitingListeners]) listener(name);
      }
    },
    on: (handler) => {
      const off = channel.on(handler);
      state.handlers += 1;
      if (state.handlers === 1 && state.waiting.length > 0 && !state.flushing) {
        state.flushing = true;
        queueMicrotask(flush);
      }
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
