import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { exitOf, tail } from './processes';

const INSTANCE_SCRIPT = path.join(REPO_ROOT, 'scripts/cluster-instance.ts');

export interface ClusterInstance {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>`: the instance itself, past the balancer. */
  url: string;
  /** The process running now: the supervisor (supervisor.ts) sets it when it restarts the instance. */
  pid: number;
  /** One log for every process of the instance (a restarted one appends). */
  logFile: string;
  /** Resolves with the exit code (or the signal's name) once the current process has ended. */
  exited: Promise<number | string>;
}

/** A started instance; `ready` resolves once it reports that it listens (over IPC). */
interface StartedInstance extends ClusterInstance {
  ready: Promise<void>;
}

/** One instance (`scripts/cluster-instance.ts`) as a child process, its output in `runDir/<name>.log`. */
export function startInstance(options: { name: string; port: number; env: NodeJS.ProcessEnv; runDir: string }): StartedInstance {
  const logFile = path.join(options.runDir, `${options.name}.log`);
  const out = fs.openSync(logFile, 'a');
  // node itself (not the tsx command, which would run node as its own child): the pid we keep is the instance's.
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE_SCRIPT], {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: ['ignore', out, out, 'ipc'],
  });
  fs.closeSync(out);
  const exited = exitOf(child);
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') resolve();
    });
    void exited.then((code) => reject(new Error(`${options.name} ended (${code}) before it was ready:\n${tail(logFile)}`)));
  });
  return { name: options.name, port: options.port, url: `http://127.0.0.1:${options.port}`, pid: child.pid!, logFile, exited, ready };
}
