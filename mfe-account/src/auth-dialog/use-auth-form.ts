import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Problem } from './auth-problems';

type Problems<V> = Partial<Record<keyof V, Problem>>;

/**
 * A form's values and problems. A field is checked when the shopper leaves it after typing
 * (tabbing through untouched fields shows nothing), all of them on submit — focus then goes to
 * the first field with a problem, in the order the form shows them. A problem on screen follows
 * the value as it is typed, so it goes as soon as it is fixed (and a repeated password's, when
 * the first one changes).
 */
export function useAuthForm<V extends Record<keyof V, string | boolean>>(
  initial: V,
  order: readonly (keyof V)[],
  check: (field: keyof V, values: V) => Problem | null,
) {
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems<V>>({});
  const touched = useRef(new Set<keyof V>());

  const idOf = useCallback((field: keyof V) => `${prefix}-${String(field)}`, [prefix]);
  const focus = useCallback((field: keyof V) => document.getElementById(idOf(field))?.focus(), [idOf]);

  const change = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value };
    touched.current.add(field);
    setValues(next);
    setProblems((shown) => {
      const updated: Problems<V> = {};
      for (const name of Object.keys(shown) as (keyof V)[]) {
        const problem = shown[name] === undefined ? null : check(name, next);
        if (problem) updated[name] = problem;
      }
      return updated;
    });
  };

  const blur = (field: keyof V) => {
    if (!touched.current.has(field)) return;
    const problem = check(field, values);
    setProblems((shown) => {
      const { [field]: _old, ...rest } = shown;
      return (problem ? { ...rest, [field]: problem } : rest) as Problems<V>;
    });
  };

  /** Checks every field; false (and the first bad field focused) when any has a problem. */
  const validate = (): boolean => {
    const found: Problems<V> = {};
    for (const field of order) {
      const problem = check(field, values);
      if (problem) found[field] = problem;
    }
    setProblems(found);
    const first = order.find((field) => found[field] !== undefined);
    if (first !== undefined) focus(first);
    return first === undefined;
  };

  /** A problem the server found in one field (a taken e-mail): shown there, and the field focused. */
  const reject = (field: keyof V, problem: Problem) => {
    setProblems((shown) => ({ ...shown, [field]: problem }));
    focus(field);
  };

  return { values, problems, change, blur, validate, reject, idOf };
}

/**
 * One request at a time per form: `busy` disables its buttons (and marks the form aria-busy);
 * a second submit while one runs does nothing. A disabled button can drop keyboard focus to
 * the page in some browsers: when the request ends with focus nowhere, it goes back to where it was.
 */
export function useRequest() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const focusedBefore = useRef<Element | null>(null);

  const run = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    focusedBefore.current = document.activeElement;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (busy) return;
    const before = focusedBefore.current;
    focusedBefore.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && before instanceof HTMLElement && before.isConnected) before.focus();
  }, [busy]);

  return { busy, run, isRunning: () => running.current };
}
