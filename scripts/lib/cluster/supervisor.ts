import type { ClusterInstance } from './instances';
import { tail } from './processes';
import { DEFAULT_RESTART_POLICY, decideRestart, type RestartPolicy } from './restart-policy';

/**
 * The cluster's supervisor (`npm run start:cluster`, issue #37): an instance whose process ends
 * while the cluster runs — killed, crashed, out of memory, stopped by an operator's `kill` — is
 * started again on the same port with backoff (restart-policy.ts), and rejoins the balancer once
 * HAProxy's health check passes again (`rise 2` at 500 ms). A crash loop is reported — which
 * instance, how many restarts, the last lines of its log — and that instance is left down; the
 * others keep serving. `stop()` (the cluster stopping) ends all restarting: processes that end
 * after it are not started again.
 *
 * Warm spares (`spares`, start:cluster's CLUSTER_SPARES): instances started like the others —
 * loaded, following the catalogue's changes — that the balancer checks but sends nothing to
 * (HAProxy's `drain`). When a serving instance ends and a spare is ready, the spare takes its
 * place at once (`promote`: the spare `ready`, the ended one drained) and the ended one's restart
 * becomes the spare. So the balancer is whole again within a moment of the end, however long a
 * start takes (~30 s of catalogue load at 100,000 products), and a second end in that time
 * falls back to the plain restart.
 *
 * Every instance record is the cluster's own: a restart updates its `pid` and `exited`, so the
 * cluster's `signal` and `stop` reach the process running now; a promotion swaps the records
 * between `instances` (serving now) and `spares`, in place. The clock and timers are injected
 * (tests drive them by hand), and so is how an instance is started.
 */

/** The clock and timers the supervisor uses (the real ones by default; tests pass a hand-driven one). */
export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A started instance process (what `startInstance` gives). */
export interface InstanceProcess {
  pid: number;
  exited: Promise<number | string>;
  /** Resolves once it listens; rejects if it ends first. */
  ready: Promise<void>;
}

type Exit = number | string;
export type SupervisorEvent =
  | { type: 'restarting'; name: string; pid: number; exit: Exit; upForMs: number | null; attempt: number; delayMs: number }
  | { type: 'started'; name: string; pid: number; attempt: number }
  | { type: 'not-ready'; name: string; pid: number; afterMs: number }
  | { type: 'ready'; name: string; pid: number; sinceEndMs: number }
  | { type: 'promoted'; name: string; pid: number; replaces: string; sinceEndMs: number }
  | { type: 'promote-failed'; name: string; pid: number; replaces: string; error: string }
  | { type: 'rejoined'; name: string; pid: number; role: Role; sinceEndMs: number }
  | { type: 'rejoin-failed'; name: string; pid: number; error: string }
  | { type: 'gave-up'; name: string; pid: number; exit: Exit; restarts: number; lastLines: string };

/** serving: in the balancer; spare: ready and checked, drained (sent nothing) until it takes an ended one's place. */
export type Role = 'serving' | 'spare';

export interface InstanceStatus {
  name: string;
  pid: number;
  role: Role;
  /** running: ready; starting: restarted, not ready yet; waiting: ended, its restart's delay running; gave-up: a crash loop. */
  state: 'running' | 'starting' | 'waiting' | 'gave-up';
  /** Restarts since the cluster started. */
  restarts: number;
}

export interface SupervisorOptions {
  /** The cluster's serving instance records, each running and ready; kept as the ones serving now. */
  instances: ClusterInstance[];
  /** Warm spares, running, ready and drained in the balancer; kept as the spares now. */
  spares?: ClusterInstance[];
  /** Puts `spare` in the balancer in place of `ended`, which is drained (its restart is a spare). */
  promote?(spare: ClusterInstance, ended: ClusterInstance): Promise<void>;
  /** Starts the instance's process again (same name, port and log). */
  start(instance: ClusterInstance): InstanceProcess;
  policy?: Partial<RestartPolicy>;
  timers?: Timers;
  /** Kills an instance that did not become ready in time (process.kill by default). */
  kill?(pid: number, signal: NodeJS.Signals): void;
  /** Resolves once the balancer has the restarted instance back in its role — serving, or checked and drained as a spare (none: no balancer). */
  rejoined?(instance: ClusterInstance, role: Role): Promise<void>;
  /** The last lines of the instance's output, for a crash loop's report (its log file by default). */
  lastLines?(instance: ClusterInstance): string;
  log?(line: string): void;
  onEvent?(event: SupervisorEvent): void;
}

export interface Supervisor {
  status(): InstanceStatus[];
  /** No more restarts (pending ones are cancelled); the cluster then stops the processes themselves. */
  stop(): void;
}

interface Watch {
  instance: ClusterInstance;
  role: Role;
  state: InstanceStatus['state'];
  restarts: number;
  /** Restarts since it last stayed up `stableMs` (the policy's row). */
  restartsInRow: number;
  /** When the current process became ready (null: not yet). */
  readyAt: number | null;
  /** When the process before the current one ended. */
  endedAt: number;
  /** Which process of this instance the handlers belong to (older ones' events are ignored). */
  generation: number;
  timer: unknown;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function duration(ms: number): string {
  if (ms < 60_000) return seconds(ms);
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`;
}
const describeExit = (exit: Exit) => (typeof exit === 'number' ? `exit code ${exit}` : exit);

export function superviseInstances(options: SupervisorOptions): Supervisor {
  const policy: RestartPolicy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  const timers = options.timers ?? realTimers;
  const kill = options.kill ?? ((pid: number, signal: NodeJS.Signals) => process.kill(pid, signal));
  const log = options.log ?? console.log;
  const lastLines = options.lastLines ?? ((instance: ClusterInstance) => tail(instance.logFile, 15));
  const serving = options.instances;
  const spares = options.spares ?? [];
  const watches: Watch[] = [...serving, ...spares].map((instance) => ({
    instance,
    role: serving.includes(instance) ? 'serving' : 'spare',
    state: 'running',
    restarts: 0,
    restartsInRow: 0,
    readyAt: timers.now(),
    endedAt: timers.now(),
    generation: 0,
    timer: null,
  }));
  let stopped = false;
  const emit = (event: SupervisorEvent, line: string | null) => {
    options.onEvent?.(event);
    if (line) log(`supervisor: ${line}`);
  };
  const clearTimer = (watch: Watch) => {
    if (watch.timer !== null) timers.clearTimeout(watch.timer);
    watch.timer = null;
  };
  const follow = (watch: Watch, exited: Promise<Exit>) => {
    const generation = watch.generation;
    void exited.then((exit) => {
      if (!stopped && watch.generation === generation) ended(watch, exit);
    });
  };

  /** A serving instance ended: a ready spare takes its place, and it becomes the spare. */
  function replace(watch: Watch): void {
    const spare = watches.find((other) => other.role === 'spare' && other.state === 'running');
    if (!spare) {
      if (spares.length > 0) log(`supervisor: no spare is ready to take ${watch.instance.name}'s place: it is missed until its restart is ready`);
      return;
    }
    spare.role = 'serving';
    watch.role = 'spare';
    serving[serving.indexOf(watch.instance)] = spare.instance;
    spares[spares.indexOf(spare.instance)] = watch.instance;
    const { name, pid } = spare.instance;
    const replaces = watch.instance.name;
    const endedAt = watch.endedAt;
    options.promote?.(spare.instance, watch.instance).then(
      () =>
        emit(
          { type: 'promoted', name, pid, replaces, sinceEndMs: timers.now() - endedAt },
          `${name} (the spare, pid ${pid}) serves in ${replaces}'s place, ${seconds(timers.now() - endedAt)} after ${replaces} ended; ${replaces}'s restart will be the spare`,
        ),
      (error: unknown) =>
        emit(
          { type: 'promote-failed', name, pid, replaces, error: String(error) },
          `the balancer did not take the spare ${name} in ${replaces}'s place: ${String(error)}`,
        ),
    );
  }

  function ended(watch: Watch, exit: Exit): void {
    clearTimer(watch);
    const now = timers.now();
    const { name, pid } = watch.instance;
    const upForMs = watch.readyAt === null ? null : now - watch.readyAt;
    watch.endedAt = now;
    if (watch.role === 'serving') replace(watch);
    const decision = decideRestart(policy, watch.restartsInRow, upForMs);
    if (!decision.restart) {
      watch.state = 'gave-up';
      const lines = lastLines(watch.instance);
      emit(
        { type: 'gave-up', name, pid, exit, restarts: decision.restarts, lastLines: lines },
        `${name} (pid ${pid}) ended (${describeExit(exit)}) again: a crash loop — ${decision.restarts} restarts in a row, none up for ` +
          `${seconds(policy.stableMs)}. Not restarting ${name} any more; the other instances keep serving (restart start:cluster once it is fixed). ` +
          (lines ? `Last lines of ${watch.instance.logFile}:\n${lines.replace(/^/gm, '    ')}` : `Its log (${watch.instance.logFile}) is empty.`),
      );
      if (watches.every((other) => other.state === 'gave-up')) log('supervisor: no instance is left: the balancer answers 503 to every request');
      return;
    }
    watch.restartsInRow = decision.attempt;
    watch.state = 'waiting';
    const up = upForMs === null ? 'before it was ready' : `after ${duration(upForMs)} up`;
    emit(
      { type: 'restarting', name, pid, exit, upForMs, attempt: decision.attempt, delayMs: decision.delayMs },
      `${name} (pid ${pid}) ended (${describeExit(exit)}) ${up}: restarting it in ${seconds(decision.delayMs)} (attempt ${decision.attempt} of ${policy.maxRestarts})`,
    );
    watch.timer = timers.setTimeout(() => {
      watch.timer = null;
      launch(watch, decision.attempt);
    }, decision.delayMs);
  }

  function launch(watch: Watch, attempt: number): void {
    if (stopped) return;
    watch.generation += 1;
    const generation = watch.generation;
    let started: InstanceProcess;
    try {
      started = options.start(watch.instance);
    } catch (error) {
      ended(watch, error instanceof Error ? error.message : String(error)); // could not even spawn: counts as an end
      return;
    }
    const { instance } = watch;
    instance.pid = started.pid;
    instance.exited = started.exited;
    watch.state = 'starting';
    watch.readyAt = null;
    watch.restarts += 1;
    const startedAt = timers.now();
    emit({ type: 'started', name: instance.name, pid: started.pid, attempt }, null);
    watch.timer = timers.setTimeout(() => {
      watch.timer = null;
      emit(
        { type: 'not-ready', name: instance.name, pid: started.pid, afterMs: timers.now() - startedAt },
        `${instance.name} (pid ${started.pid}) not ready ${seconds(policy.readyTimeoutMs)} after it was started: killing it`,
      );
      try {
        kill(started.pid, 'SIGKILL');
      } catch {
        // it ended meanwhile
      }
    }, policy.readyTimeoutMs);
    const current = () => !stopped && watch.generation === generation;
    started.ready.then(
      () => {
        if (!current()) return;
        clearTimer(watch);
        watch.readyAt = timers.now();
        watch.state = 'running';
        const sinceEndMs = watch.readyAt - watch.endedAt;
        emit(
          { type: 'ready', name: instance.name, pid: started.pid, sinceEndMs },
          `${instance.name} restarted: pid ${started.pid} ready on ${instance.url}, ${seconds(sinceEndMs)} after it ended`,
        );
        const role = watch.role;
        options.rejoined?.(instance, role).then(
          () => {
            if (current() && watch.state === 'running')
              emit(
                { type: 'rejoined', name: instance.name, pid: started.pid, role, sinceEndMs: timers.now() - watch.endedAt },
                `${instance.name} is back in the balancer${role === 'spare' ? ' as the spare (checked, sent nothing)' : ''}, ${seconds(timers.now() - watch.endedAt)} after it ended`,
              );
          },
          (error: unknown) => {
            if (current())
              emit(
                { type: 'rejoin-failed', name: instance.name, pid: started.pid, error: String(error) },
                `${instance.name} listens but the balancer has not taken it back: ${String(error)}`,
              );
          },
        );
      },
      () => {}, // it ended first: `ended` decides
    );
    follow(watch, started.exited);
  }

  for (const watch of watches) follow(watch, watch.instance.exited);

  return {
    status: () =>
      watches.map((watch) => ({ name: watch.instance.name, pid: watch.instance.pid, role: watch.role, state: watch.state, restarts: watch.restarts })),
    stop: () => {
      stopped = true;
      for (const watch of watches) clearTimer(watch);
    },
  };
}
