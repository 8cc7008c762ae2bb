import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A remote as its team's own repository (docs/releasing.md, "A remote's repository"): only the
 * files the shop's repository tracks in its folder, copied to an empty directory elsewhere, with
 * npm pointed at a registry for the @kaloryfer scope. Nothing of the monorepo is reachable from
 * there — no workspace, no relative path, no node_modules above it.
 */
export function copyRemoteFolder(root: string, folder: string, to: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', folder], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  if (listed.length === 0) throw new Error(`${folder}: no files (is it a folder of this repository?)`);
  fs.mkdirSync(to, { recursive: true });
  if (fs.readdirSync(to).length > 0) throw new Error(`${to} is not empty`);
  const files = listed.map((file) => path.relative(folder, file));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(root, folder, file), path.join(to, file));
  }
  return files;
}

/** The repository's .npmrc: the @kaloryfer scope from the team's registry, everything else from npm's default. */
export function pointAtRegistry(dir: string, registry: string): void {
  fs.appendFileSync(path.join(dir, '.npmrc'), `@kaloryfer:registry=${registry}\n`);
}

export interface StepResult {
  ms: number;
  output: string;
}

export class StepFailed extends Error {}

/**
 * Runs one command of a team's CI in `cwd` with a clean environment — none of this repository's
 * npm settings (its `@kaloryfer/source` condition, its workspace) leak into the team's folder.
 */
export function runStep(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<StepResult> {
  const started = Date.now();
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name === 'NODE_OPTIONS' || name.startsWith('npm_') || name === 'INIT_CWD') continue;
    env[name] = value;
  }
  Object.assign(env, { CI: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' }, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new StepFailed(`${label}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const output = Buffer.concat(chunks).toString('utf8');
      if (code === 0) resolve({ ms: Date.now() - started, output });
      else reject(new StepFailed(`${label} failed (${signal ?? `exit ${code}`}) in ${options.cwd}:\n${output.split('\n').slice(-60).join('\n')}`));
    });
  });
}

/** gzip bytes of a build's browser JavaScript (what phones download), and how many files. */
export function browserScriptBytes(dist: string): { files: number; gzip: number; raw: number } {
  let files = 0;
  let gzip = 0;
  let raw = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'server') walk(full);
      } else if (entry.name.endsWith('.js')) {
        files += 1;
        raw += fs.statSync(full).size;
        // The build precompresses every script over 1 KB (mfe-build); smaller ones go as they are.
        gzip += fs.existsSync(`${full}.gz`) ? fs.statSync(`${full}.gz`).size : fs.statSync(full).size;
      }
    }
  };
  walk(dist);
  return { files, gzip, raw };
}
