import { useEffect, useState } from 'react';
import { isAbort } from '@kaloryfer/ui';

export type AsyncState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: Error };

/**
 * Runs `load` whenever `key` changes, aborting the previous run, so a slow answer for an
 * old key never overwrites a newer one.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => { if (!controller.signal.aborted) setState({ status: 'ready', value }); },
      (error: unknown) => {
        if (!isAbort(error) && !controller.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for load's inputs
  }, [key]);
  return state;
}
