import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/**
 * The cluster's child processes (instances, HAProxy): is a port taken, has a child ended, end a
 * process by its id (SIGKILL after a grace period), the last lines of its log for an error.
 */

/** Does something listen on this loopback port? */
export function portTaken(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves when the child has ended (at once if it already has). */
export function exitOf(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'exited')));
}

/** Sends `signal` to a process id; then SIGKILL if it has not ended within `graceMs`. */
export async function endProcess(pid: number, exited: Promise<unknown>, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return; // gone already
  }
  const ended = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref())]);
  if (!ended) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    await exited;
  }
}

/** The last lines of a log file ('' if there is none), for an error message. */
export const tail = (file: string, lines = 25) => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};
