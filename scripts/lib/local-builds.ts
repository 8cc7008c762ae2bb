import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BUILT_IN_REMOTES, type BuiltInRemote } from '@kaloryfer/contracts/meta';
import { REPO_ROOT } from './repo-root';
import type { Db } from '../../api/public/database';
import { packBuild } from '../../api/public/builds';
import { RegistryTokens } from '../../api/public/app';
import { gateLines, RegistryCallError, type RegistryClient } from './registry-client';

/** The remotes built in this repository: the built-in five, each in its `mfe-<name>` folder. */
export const LOCAL_REMOTES = BUILT_IN_REMOTES.map((definition) => definition.name as BuiltInRemote);
export type Remote = BuiltInRemote;

export const WORKSPACES: Record<Remote | 'shell', string> = {
  shell: 'shell',
  ...(Object.fromEntries(LOCAL_REMOTES.map((remote) => [remote, `mfe-${remote}`])) as Record<Remote, string>),
};

/** The dist folders of a remote's builds in this checkout: one, or one per variant (checkout: a and b). */
export function distFoldersOf(remoteDir: string): string[] {
  const dist = path.join(remoteDir, 'dist');
  if (fs.existsSync(path.join(dist, 'build-info.json'))) return [dist];
  if (!fs.existsSync(dist)) return [];
  return fs
    .readdirSync(dist)
    .map((name) => path.join(dist, name))
    .filter((folder) => fs.existsSync(path.join(folder, 'build-info.json')))
    .sort();
}

/**
 * `npm run build -w <workspace>` (with REMOTE_VERSION = `version` when given). Its own output is
 * shown only when it fails: a person reads "built mfe-cart 1.0.1 (14.2 s)", not rspack's screens.
 */
export function buildWorkspace(workspace: string, log: (line: string) => void, version?: string): void {
  log(`building ${workspace}${version ? ` ${version}` : ''}…`);
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: version ? { ...process.env, REMOTE_VERSION: version } : process.env,
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`building ${workspace} failed (npm run build -w ${workspace}): its output is above`);
  }
  log(`built ${workspace}${version ? ` ${version}` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** The operator token `npm start` keeps for this machine's own release commands (VAR_DIR, mode 600). */
export function operatorTokenFile(varDir: string): string {
  return path.join(varDir, 'registry-operator.token');
}

/**
 * The local operator token: the one in `file` while the database still knows it, else a new
 * one written there — so `npm run release -- cart` on this machine needs no token of its own.
 */
export async function ensureOperatorToken(db: Db, file: string, label: string): Promise<string> {
  const tokens = new RegistryTokens(db);
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (kept) {
    const ok = await tokens.caller(`Bearer ${kept}`).then(
      (caller) => caller.team === 'operator',
      () => false,
    );
    if (ok) return kept;
  }
  const made = await tokens.create('operator', label);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${made.token}\n`, { mode: 0o600 });
  return made.token;
}

/**
 * Releases this checkout's build of every remote the registry serves nothing of yet, over the
 * registry's HTTP API like any team's CI — through the release gate. The catalogue goes first:
 * it draws the home page whose links the others' gates render. A refused build is reported and
 * its region falls back; the shop still starts.
 */
export async function releaseMissingBuilds(client: RegistryClient, log: (line: string) => void): Promise<void> {
  const status = await client.status();
  const released: string[] = [];
  for (const remote of LOCAL_REMOTES) {
    if ((status.remotes.find((entry) => entry.remote === remote)?.variants.length ?? 0) > 0) continue;
    for (const distDir of distFoldersOf(path.join(REPO_ROOT, WORKSPACES[remote]))) {
      try {
        const answer = await client.publish(remote, await packBuild(distDir), { reason: 'the local build, released at start' });
        const variant = answer.build.variant === 'default' ? '' : ` ${answer.build.variant}`;
        released.push(`${remote}${variant} ${answer.build.version}${answer.gate ? ` (gate ${(answer.gate.ms / 1000).toFixed(1)} s)` : ''}`);
      } catch (error) {
        if (!(error instanceof RegistryCallError)) throw error;
        log(`WARNING ${remote} was not released — its region falls back to the browser: ${error.message}`);
        if (error.gate) for (const line of gateLines(error.gate)) log(`  ${line}`);
      }
    }
  }
  if (released.length > 0) log(`released this checkout's builds through the gate: ${released.join(', ')}`);
}
