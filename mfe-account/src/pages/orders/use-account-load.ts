import { ApiFailure, isAbort } from '@kaloryfer/ui';
import { useCallback, useEffect, useState } from 'react';

export type AccountLoad<T> =
  | { kind: 'loading' }
  | { kind: 'loaded'; value: T }
  /** `status`: the API's answer (404 = not the customer's, or none), null when the network failed. */
  | { kind: 'failed'; status: number | null };

/**
 * Loads what an account page shows, again whenever `key` changes (another page of the history,
 * another order) and on `retry()`. An answer that arrives after the page moved on is dropped.
 */
export function useAccountLoad<T>(key: string, load: () => Promise<T>): { state: AccountLoad<T>; retry: () => void } {
  const [state, setState] = useState<AccountLoad<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    load().then(
      (value) => {
        if (live) setState({ kind: 'loaded', value });
      },
      (error: unknown) => {
        if (live && !isAbort(error)) setState({ kind: 'failed', status: error instanceof ApiFailure ? error.status : null });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a new function every render; `key` names what it loads.
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
