import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL, OPERATOR_TOKEN_FILE, REPO_ROOT, SHOP_ENV } from '../shop-env';

/** The operator token the e2e shop's `npm start` made (docs/releasing.md, "Tokens"). */
export const operatorToken = () => fs.readFileSync(OPERATOR_TOKEN_FILE, 'utf8').trim();

/** Runs a command with the e2e shop's settings; answers its output (throws with it when it fails). */
export function run(command: string, args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT): string {
  return execFileSync(command, args, { cwd, env: { ...process.env, ...SHOP_ENV, ...env }, stdio: 'pipe' }).toString();
}

/**
 * `npm run release -- …` against the e2e shop: answers its output and exit status. Asynchronous,
 * so a server of the test's own (a team origin the gate fetches from) goes on answering meanwhile.
 */
export function release(args: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile('npx', ['tsx', 'scripts/release.ts', ...args], { cwd: REPO_ROOT, env: { ...process.env, ...SHOP_ENV } }, (error, stdout, stderr) =>
      resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/**
 * A remote built anew into a folder of its own (as a team's CI does), under `version`; with
 * `config`, by a configuration of the tests' own (e2e/builds/: a build made to fail on purpose).
 */
export function buildRemote(workspace: string, version: string, { env = {}, config }: { env?: Record<string, string>; config?: string } = {}): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `kaloryfer-${workspace}-`));
  const args = ['rspack', 'build', ...(config ? ['--config', path.join(REPO_ROOT, 'e2e/builds', config)] : [])];
  run('npx', args, { REMOTE_VERSION: version, REMOTE_OUT_DIR: outDir, ...env }, path.join(REPO_ROOT, workspace));
  return outDir;
}

interface Entry {
  entry: string;
  version: string;
  integrity?: string;
  build?: string;
}

/** A remote's live build (or one A/B variant's) as /mfe-registry.json names it now. */
export async function liveBuild(request: APIRequestContext, remote: string, variant?: string): Promise<Entry & { folder: string }> {
  const registry = (await (await request.get('/mfe-registry.json')).json()) as { remotes: Record<string, Entry | { variants: Record<string, Entry> }> };
  const found = registry.remotes[remote];
  const entry = variant ? (found as { variants: Record<string, Entry> }).variants[variant] : (found as Entry);
  return { ...entry, folder: new URL(entry.entry.replace(/[^/]*$/, ''), BASE_URL).href };
}
