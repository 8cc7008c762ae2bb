/** The single-spa lifecycle shape a remote's `./app` or widget module exports. */
export interface Lifecycles<Props = Record<string, unknown>> {
  bootstrap: LifecycleFn<Props> | LifecycleFn<Props>[];
  mount: LifecycleFn<Props> | LifecycleFn<Props>[];
  unmount: LifecycleFn<Props> | LifecycleFn<Props>[];
}

type LifecycleFn<Props> = (props: Props) => Promise<unknown>;

export async function runLifecycle<Props>(fn: LifecycleFn<Props> | LifecycleFn<Props>[], props: Props): Promise<void> {
  for (const step of Array.isArray(fn) ? fn : [fn]) await step(props);
}

export function isLifecycles(value: unknown): value is Lifecycles {
  const candidate = value as Partial<Lifecycles> | null;
  return typeof candidate?.mount !== 'undefined' && typeof candidate?.unmount !== 'undefined' && typeof candidate?.bootstrap !== 'undefined';
}

/** A module may export the lifecycles directly or as `default`. */
export function lifecyclesOf(module: unknown): Lifecycles {
  const candidate = (module as { default?: unknown })?.default ?? module;
  if (!isLifecycles(candidate)) throw new Error('the module exports no single-spa lifecycles');
  return candidate;
}
