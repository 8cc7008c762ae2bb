import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A private npm registry on loopback for the shared packages (docs/releasing.md, "Shared
 * packages"): Verdaccio, with its storage and users under one folder. `@kaloryfer/*` packages
 * live here (published by `npm run packages:publish`); everything else is fetched from
 * registry.npmjs.org through it, so a team may point npm at it for all packages or for the
 * `@kaloryfer` scope only.
 */
export interface PackageRegistry {
  url: string;
  /** A token that may publish here (the registry's own publisher user). */
  token: string;
  stop(): Promise<void>;
}

export const DEFAULT_REGISTRY_HOST = '127.0.0.1';
export const DEFAULT_REGISTRY_PORT = 4873;
const READY_TIMEOUT_MS = 60_000;

function config(dir: string, listen: string, uplink: string | null): string {
  const quote = (value: string) => JSON.stringify(value);
  return [
    '# Written by scripts/packages/package-registry.ts at each start.',
    `storage: ${quote(path.join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${quote(path.join(dir, 'htpasswd'))}`,
    '    max_users: 100',
    ...(uplink ? ['uplinks:', '  npmjs:', `    url: ${quote(uplink)}`, '    timeout: 60s'] : []),
    'packages:',
    "  '@kaloryfer/*':",
    '    access: $all',
    '    publish: $authenticated',
    '    unpublish: $authenticated',
    "  '**':",
    '    access: $all',
    ...(uplink ? ['    proxy: npmjs'] : []),
    'security:',
    '  api:',
    '    legacy: false',
    '    jwt:',
    '      sign:',
    '        expiresIn: 30d',
    'server:',
    '  keepAliveTimeout: 60',
    `listen: ${quote(listen)}`,
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

async function ping(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('-/ping', url), { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The publisher's token: the user kept in `<dir>/publisher.json`, registered on first start
 * (Verdaccio's htpasswd: the first `adduser` of a name creates it), logged in after.
 */
export async function publisherToken(url: string, dir: string): Promise<string> {
  const file = path.join(dir, 'publisher.json');
  const known = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; password: string }) : null;
  const user = known ?? { name: 'kaloryfer-publisher', password: randomBytes(18).toString('base64url') };
  if (!known) fs.writeFileSync(file, JSON.stringify(user), { mode: 0o600 });
  const response = await fetch(new URL(`-/user/org.couchdb.user:${user.name}`, url), {
    method: 'PUT',
    // Basic credentials log a known user in (Verdaccio's htpasswd); without them a known name is refused.
    headers: {
      'content-type': 'application/json',
      ...(known ? { authorization: `Basic ${Buffer.from(`${user.name}:${user.password}`).toString('base64')}` } : {}),
    },
    body: JSON.stringify({ _id: `org.couchdb.user:${user.name}`, name: user.name, password: user.password, type: 'user', roles: [] }),
  });
  const answer = (await response.json().catch(() => ({}))) as { token?: string; error?: string };
  if (!response.ok || !answer.token) throw new Error(`the package registry at ${url} refused its publisher: ${answer.error ?? `HTTP ${response.status}`}`);
  return answer.token;
}

/**
 * Starts Verdaccio with its data in `dir` on `host:port` and waits until it answers; stopped
 * with `stop()` or when this process ends. `uplink` is the public registry it proxies for every
 * other package (null: none — only what was published here).
 */
export async function startPackageRegistry(
  options: { dir: string; host?: string; port?: number; uplink?: string | null; log?: (line: string) => void } = { dir: 'var/packages' },
): Promise<PackageRegistry> {
  const host = options.host ?? DEFAULT_REGISTRY_HOST;
  const port = options.port ?? DEFAULT_REGISTRY_PORT;
  const url = `http://${host}:${port}/`;
  const dir = path.resolve(options.dir);
  fs.mkdirSync(path.join(dir, 'storage'), { recursive: true });
  if (await ping(url)) throw new Error(`${url} answers already: another registry runs there (PACKAGES_REGISTRY_PORT picks another port)`);
  const configFile = path.join(dir, 'config.yaml');
  fs.writeFileSync(configFile, config(dir, `${host}:${port}`, options.uplink === undefined ? 'https://registry.npmjs.org/' : options.uplink));
  const child: ChildProcess = spawn(process.execPath, [require.resolve('verdaccio/bin/verdaccio'), '--config', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Verdaccio needs none of this repository's conditions (NODE_OPTIONS from .npmrc).
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output.push(text);
    if (output.length > 50) output.shift();
    options.log?.(text.trimEnd());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  const started = Date.now();
  while (!(await ping(url))) {
    if (child.exitCode !== null) throw new Error(`Verdaccio ended at start (exit ${child.exitCode}):\n${output.join('')}`);
    if (Date.now() - started > READY_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`Verdaccio did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const token = await publisherToken(url, dir);
  return {
    url,
    token,
    stop: async () => {
      process.off('exit', stopOnExit);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}
