/**
 * React's recoverable errors (a hydration mismatch makes React throw the server's HTML away and
 * render anew): logged and counted on the page, where the e2e suite reads the count. The rule
 * is that there are none (docs/rendering.md).
 */
export function reportRecoverableError(error: unknown): void {
  const page = globalThis as { __KALORYFER_HYDRATION_ERRORS__?: string[] };
  (page.__KALORYFER_HYDRATION_ERRORS__ ??= []).push(error instanceof Error ? error.message : String(error));
  console.error('[hydration]', error);
}
