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
