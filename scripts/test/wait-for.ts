/**
 * Polls `test` every 50 ms until it answers something (not undefined), or fails after
 * `timeoutMs` naming what was awaited, with the cluster's log lines so far (`lines`).
 */
export async function waitFor<T>(what: string, test: () => Promise<T | undefined> | T | undefined, lines: readonly string[], timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await test();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
