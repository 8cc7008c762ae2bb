/** Ctrl-C or SIGTERM: run `close` once, then exit. */
export function onShutdown(close: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
