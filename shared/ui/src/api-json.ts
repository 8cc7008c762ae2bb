import { requestFailed } from '@kaloryfer/contracts';

/** A failed shop-API call, with the server's readable message when it sent one. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** '' in the browser (the page's own origin); the API's loopback origin in a server render. */
let apiOrigin = '';

/** A server build calls this once: its relative API paths go to the shop API there. */
export function configureApiOrigin(origin: string): void {
  apiOrigin = origin.replace(/\/$/, '');
}

/**
 * JSON from the shop API on the page's own origin. Aborting (a newer request replaced this
 * one) rejects with the AbortError; callers ignore those.
 */
export async function apiJson<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiOrigin + path, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    // No answer at all (not an abort): the shell decides whether the shop is offline.
    if (!isAbort(error) && typeof window !== 'undefined') requestFailed.emit({ path: path.split('?')[0] });
    throw error;
  }
  const payload = (await response.json().catch(() => null)) as { result?: unknown } | null;
  if (!response.ok) throw new ApiFailure(response.status, typeof payload?.result === 'string' ? payload.result : response.statusText);
  return payload as T;
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
