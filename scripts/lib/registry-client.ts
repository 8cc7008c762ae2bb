import type {
  BuildSignals,
  ExperimentReport,
  GateResult,
  PublishAnswer,
  RegistryEvent,
  RegistryStatusRoute,
  RegistryRemoteAddRoute,
  RegistryRemotesRoute,
  RegistryToken,
  RouteResult,
} from '@kaloryfer/api-contract';

/** A registry call the shop refused: its status and the reason it gave (and the gate's checks, when it ran). */
export class RegistryCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly gate: GateResult | null = null,
  ) {
    super(message);
  }
}

/** What a command says of a shop it cannot reach: the URL, where it came from, and how to name another. */
export function unreachable(shop: string, source: string | undefined, error: unknown): string {
  const cause = (error as Error).cause ?? (error as Error).message;
  const from = source ? ` The URL came from ${source}.` : '';
  return `${shop} cannot be reached (${String(cause)}).${from} Is that shop running? To talk to another, pass --shop <url> --token <token> (or KALORYFER_SHOP_URL and KALORYFER_REGISTRY_TOKEN), or set VAR_DIR to the var folder of the shop you started.`;
}

export type RegistryStatus = RouteResult<typeof RegistryStatusRoute>;

/** What a publish asks beside the build (docs/releasing.md, "The registry API"). */
export type PublishOptions = {
  weight?: number;
  origin?: string;
  reason?: string;
  canary?: number;
  force?: boolean;
};

/**
 * The registry's HTTP API (docs/releasing.md) as `npm run release` and `npm run registry` call
 * it: a shop's URL and a token, nothing of the shop's host.
 */
export function registryClient({ shop, token, source }: { shop: string; token: string; source?: string }) {
  const base = new URL('/registry/v1/', shop);
  const call = async <T>(
    method: string,
    path: string,
    body?: Buffer | object,
    query: Record<string, string | number | boolean | undefined> = {},
  ): Promise<T> => {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    const binary = Buffer.isBuffer(body);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': binary ? 'application/gzip' : 'application/json' }),
        },
        body: body === undefined ? undefined : binary ? new Uint8Array(body) : JSON.stringify(body),
        // A gate renders a build's pages: minutes at most.
        signal: AbortSignal.timeout(5 * 60_000),
      });
    } catch (error) {
      throw new RegistryCallError(0, unreachable(shop, source, error));
    }
    const answer = (await response.json().catch(() => ({ result: `HTTP ${response.status}` }))) as { result: unknown };
    if (!response.ok) {
      const result = answer.result as { message?: string; gate?: GateResult } | string;
      const message = typeof result === 'string' ? result : (result?.message ?? JSON.stringify(result));
      throw new RegistryCallError(response.status, message, typeof result === 'object' ? (result?.gate ?? null) : null);
    }
    return answer.result as T;
  };
  return {
    publish: (remote: string, archive: Buffer, query: PublishOptions = {}) => call<PublishAnswer>('POST', `remotes/${remote}/builds`, archive, query),
    status: () => call<RegistryStatus>('GET', 'status'),
    signals: (remote: string, minutes?: number) => call<{ since: string; builds: BuildSignals[] }>('GET', `remotes/${remote}/signals`, undefined, { minutes }),
    experimentReport: (remote: string, query: { since?: string; lift?: number } = {}) =>
      call<ExperimentReport>('GET', `experiments/${remote}/report`, undefined, query),
    versions: (remote: string) => call<{ version: string; variant: string; publishedAt: string }[]>('GET', `remotes/${remote}/versions`),
    history: (remote: string, limit?: number) => call<RegistryEvent[]>('GET', `remotes/${remote}/history`, undefined, { limit }),
    override: (remote: string, body: { target: string; minutes: number; variant?: string }) =>
      call<{ link: string; until: string; version: string; entry: string }>('POST', `remotes/${remote}/overrides`, body),
    canary: (remote: string, action: 'pause' | 'resume' | 'promote' | 'abort', body: { variant?: string; reason?: string; force?: boolean } = {}) =>
      call<RegistryEvent>('POST', `remotes/${remote}/canary/${action}`, body),
    rollback: (remote: string, body: { variant?: string; to?: string; reason?: string } = {}) =>
      call<RegistryEvent>('POST', `remotes/${remote}/rollback`, body),
    weight: (remote: string, variant: string, weight: number, reason?: string) =>
      call<RegistryEvent>('PUT', `remotes/${remote}/variants/${variant}/weight`, { weight, ...(reason ? { reason } : {}) }),
    withdraw: (remote: string, variant: string) => call<RegistryEvent>('DELETE', `remotes/${remote}/variants/${variant}`),
    tokens: () => call<RegistryToken[]>('GET', 'tokens'),
    createToken: (team: string, label?: string) => call<RegistryToken & { token: string }>('POST', 'tokens', { team, ...(label ? { label } : {}) }),
    revokeToken: (id: string) => call<RegistryToken[]>('DELETE', `tokens/${id}`),
    remotes: () => call<RouteResult<typeof RegistryRemotesRoute>>('GET', 'remotes'),
    addRemote: (definition: { name: string; routes: { name: string; pattern: string }[]; slots: Record<string, string> }) =>
      call<RouteResult<typeof RegistryRemoteAddRoute>>('POST', 'remotes', definition),
    removeRemote: (remote: string) => call<{ removed: string }>('DELETE', `remotes/${remote}`),
  };
}

export type RegistryClient = ReturnType<typeof registryClient>;

/** The gate's checks as lines for a terminal. */
export function gateLines(gate: GateResult): string[] {
  const mark = { pass: '✓', fail: '✗', skip: '–' } as const;
  return [
    `release gate: ${gate.ok ? 'passed' : 'REFUSED'} in ${(gate.ms / 1000).toFixed(1)} s`,
    ...gate.checks.map((check) => `  ${mark[check.status]} ${check.name.padEnd(13)} ${String(check.ms).padStart(6)} ms  ${check.detail}`),
  ];
}

export function eventLine(event: RegistryEvent): string {
  const what =
    event.action === 'weight'
      ? `weight ${event.weight}`
      : event.action === 'withdraw'
        ? `withdrew ${event.previousVersion}`
        : `${event.version ?? ''}${event.build ? ` (${event.build.slice(0, 12)})` : ''}${event.previousVersion ? ` ← ${event.previousVersion}` : ''}${event.action.startsWith('canary') ? ` at ${event.weight} %` : ''}`;
  const variant = event.variant === 'default' ? '' : ` [${event.variant}]`;
  return `#${event.id} ${event.at} ${event.action.padEnd(13)} ${event.remote}${variant} ${what} — ${event.team}: ${event.reason}`;
}
