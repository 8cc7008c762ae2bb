import type { Page } from '@playwright/test';

export interface ShellDebug {
  assignments: { remote: string; variant: string; source: string }[];
}

/** The dataLayer the shell fills (tag manager). */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []));
}

/** Fails the test on any uncaught error in the page. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
