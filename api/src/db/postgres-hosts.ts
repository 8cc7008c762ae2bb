import pg from 'pg';

/**
 * A PostgreSQL URL that lists several servers, in libpq's own forms — `postgres://u@h1:5432,h2:5433/db`
 * or, for Unix sockets, `postgres://u@/db?host=/run/a,/run/b&port=5432,5433` — with
 * `target_session_attrs=read-write`: connect to whichever of them is the primary now. node-postgres
 * connects to one host only, so the list is ours: one single-server URL per host, tried in turn.
 * Issue #54: a streaming replica is promoted when the primary dies, and every instance finds it by
 * itself — no pooler or DNS change in between.
 */
export interface PostgresHosts {
  /** One single-server connection string per listed server, in the order given. */
  servers: string[];
  /** `target_session_attrs=read-write` (or `primary`): a server in recovery (a standby) is passed over. */
  readWrite: boolean;
}

const SESSION_ATTRS = new Set(['any', 'read-write', 'primary']);

export function parsePostgresHosts(url: string): PostgresHosts {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?]*@)?([^/?]*)(\/[^?]*)?(?:\?(.*))?$/.exec(url);
  if (!match) throw new Error(`not a PostgreSQL URL: "${url}"`);
  const [, scheme, userinfo = '', authority, pathname = '', query = ''] = match;
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (!SESSION_ATTRS.has(attrs)) throw new Error(`target_session_attrs must be any, read-write or primary, got "${attrs}"`);
  params.delete('target_session_attrs');
  const listed = (value: string | null) => (value === null || value === '' ? [] : value.split(','));
  const queryHosts = listed(params.get('host'));
  const queryPorts = listed(params.get('port'));
  const authorityHosts = listed(authority);
  if (queryHosts.length > 0 && authorityHosts.length > 0) throw new Error('list the servers either before the path or in ?host=, not both');
  const hosts = queryHosts.length > 0 ? queryHosts : authorityHosts;
  if (queryPorts.length > 1 && queryPorts.length !== Math.max(hosts.length, 1))
    throw new Error(`${queryPorts.length} ports for ${hosts.length} hosts: give one port, or one per host`);
  const rest = (extra: Record<string, string>) => {
    const next = new URLSearchParams(params);
    next.delete('host');
    next.delete('port');
    for (const [key, value] of Object.entries(extra)) next.set(key, value);
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  const portFor = (i: number) => (queryPorts.length > 1 ? queryPorts[i] : queryPorts[0]);
  const servers =
    hosts.length === 0
      ? [
          url
            .replace(/[?&]target_session_attrs=[^&]*/, '')
            .replace(/\?&/, '?')
            .replace(/\?$/, ''),
        ]
      : hosts.map((host, i) => {
          const port = portFor(i);
          if (queryHosts.length > 0) return `${scheme}${userinfo}${pathname}${rest({ host, ...(port ? { port } : {}) })}`;
          return `${scheme}${userinfo}${host}${pathname}${rest(port ? { port } : {})}`;
        });
  return { servers, readWrite: attrs !== 'any' };
}

/** A connection to the listed servers that is not the one wanted: a standby when the primary was asked for. */
export class NotPrimaryError extends Error {
  readonly code = '25006'; // read_only_sql_transaction: writes here would fail; db/unavailable.ts answers 503
  constructor(server: string) {
    super(`${redact(server)} is a standby (in recovery), not the primary`);
  }
}

const redact = (server: string) => server.replace(/\/\/[^@/]*@/, '//');

/**
 * Which listed server to connect to next: the one that last worked, until a connection to it
 * fails or finds a standby — then the next in the list. Shared by a pool's connections and the
 * change feed's, so all of an instance's connections move together.
 */
export class PrimaryFinder {
  private index = 0;
  constructor(readonly hosts: PostgresHosts) {}

  get current(): string {
    return this.hosts.servers[this.index];
  }

  /** A connection to `server` failed or found a standby: the next one is tried (unless another connection moved on already). */
  failed(server: string): void {
    if (this.current === server) this.index = (this.index + 1) % this.hosts.servers.length;
  }

  /** Throws NotPrimaryError when a primary is wanted and `client` is connected to a standby. */
  async check(client: pg.ClientBase, server: string): Promise<void> {
    if (!this.hosts.readWrite) return;
    const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    if (rows[0].standby) throw new NotPrimaryError(server);
  }

  /**
   * One client connected to the primary (the change feed's LISTEN, which a standby refuses): each
   * listed server is tried once, in turn from the current one.
   */
  async connectClient(options: Omit<pg.ClientConfig, 'connectionString'>): Promise<pg.Client> {
    let lastError: unknown;
    for (let tries = 0; tries < this.hosts.servers.length; tries += 1) {
      const server = this.current;
      const client = new pg.Client({ ...options, connectionString: server });
      client.on('error', () => {}); // a failed connect rejects below; the caller adds its own listener
      try {
        await client.connect();
        await this.check(client, server);
        return client;
      } catch (error) {
        lastError = error;
        this.failed(server);
        await client.end().catch(() => {});
      }
    }
    throw lastError;
  }
}
