import { vsfRequest, vsfResult } from './adapters';
import { VSF_SEARCH_CALLS } from './search-calls';
import type { SearchContext } from './search-context';

export interface SearchReplayResult {
  call: string;
  accepted: boolean;
  why?: string;
}

/** Sends each call through both adapters (GET, VSF's default query method) and checks what VSF reads. */
export async function replayVsfSearchCalls(baseUrl: string, ctx: SearchContext, method: 'GET' | 'POST' = 'GET'): Promise<SearchReplayResult[]> {
  const results: SearchReplayResult[] = [];
  for (const call of VSF_SEARCH_CALLS) {
    for (const adapter of ['api', 'api-search-query'] as const) {
      const name = `search: ${call.call} (${adapter})`;
      try {
        const request = vsfRequest(call, ctx, adapter, method);
        const response = await fetch(baseUrl + request.url, {
          method: request.method,
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          ...(request.body ? { body: request.body } : {}),
        });
        const answer = await response.json().catch(() => null);
        const result = response.ok ? vsfResult(answer, adapter) : `HTTP ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`;
        const why = typeof result === 'string' ? result : call.reads(result, ctx);
        results.push(why ? { call: name, accepted: false, why } : { call: name, accepted: true });
      } catch (error) {
        results.push({ call: name, accepted: false, why: `request failed: ${(error as Error).message}` });
      }
    }
  }
  return results;
}
