/**
 * Route changes are serialised (spec §2): a navigation starts only after the previous one
 * has finished mounting its applications, so two quick clicks cannot interleave.
 */
export function createNavigationQueue(perform: (to: string, replace: boolean) => Promise<void>) {
  let tail: Promise<void> = Promise.resolve();
  return function enqueue(to: string, replace = false): Promise<void> {
    const run = tail.then(() => perform(to, replace));
    tail = run.catch(() => undefined);
    return run;
  };
}
