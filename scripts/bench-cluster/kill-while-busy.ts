import type { RunningCluster } from '../lib/cluster';
import type { SupervisorEvent } from '../lib/cluster/supervisor';

/**
 * "Killed while busy" (issue #37: a killed instance is back in the balancer within 10 s): during
 * the soak's load, one serving instance is SIGKILLed; prints when the balancer had its full
 * serving set again (the warm spare promoted in its place, confirmed by HAProxy's statistics —
 * or, without a spare, the instance itself restarted and taken back) and when the killed one's
 * restart was back as the spare, and how its catalogue started (the snapshot, or a full load). The soak's own counts
 * say whether any request failed meanwhile. Never asserts.
 */
export async function killWhileBusy(cluster: RunningCluster, events: SupervisorEvent[], afterS: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, afterS * 1000));
  const serving = cluster.instances.length;
  const victim = cluster.instances[1] ?? cluster.instances[0];
  const from = events.length;
  const killedAt = performance.now();
  cluster.signal(victim, 'SIGKILL');
  const since = (at: number) => `${((at - killedAt) / 1000).toFixed(2)} s`;
  const waitFor = async <T>(test: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T | undefined> => {
    while (performance.now() - killedAt < timeoutMs) {
      const value = await test();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return undefined;
  };
  // Whole again: as many servers UP (not drained, not down) as were serving before the kill, the killed one not among them.
  // Without a spare that is the killed one's own restart taken back (the supervisor's 'rejoined').
  const withSpare = cluster.spares.length > 0;
  const whole = await waitFor(async () => {
    if (!withSpare) return events.slice(from).some((event) => event.type === 'rejoined') ? performance.now() : undefined;
    const up = (await cluster.balancer!.servers()).filter((server) => server.name !== 'BACKEND' && server.name !== victim.name && server.status === 'UP');
    return up.length >= serving ? performance.now() : undefined;
  }, 180_000);
  const promoted = events.slice(from).find((event) => event.type === 'promoted');
  console.log(
    `\nKilled while busy: ${victim.name} SIGKILLed ${afterS} s into the load → the balancer had ${serving} serving instances again ` +
      `${whole ? `after ${since(whole)}` : 'not within 180 s'}` +
      (promoted && promoted.type === 'promoted'
        ? ` (the spare ${promoted.name} in its place, promoted ${(promoted.sinceEndMs / 1000).toFixed(2)} s after the end)`
        : ' (no spare)'),
  );
  const back = await waitFor(() => events.slice(from).find((event) => event.type === 'rejoined' && event.name === victim.name), 180_000);
  console.log(
    back
      ? `  ${victim.name}'s restart back in the balancer${back.type === 'rejoined' && back.role === 'spare' ? ' as the spare' : ''} ${since(performance.now())} after the kill (${await catalogStart(cluster, victim)})`
      : `  ${victim.name}'s restart not back within 180 s`,
  );
}

/** How the instance's catalogue started, from its /metrics (kf_catalog_start_seconds). */
async function catalogStart(cluster: RunningCluster, instance: { url: string }): Promise<string> {
  const response = await fetch(`${instance.url}/metrics`, { headers: cluster.operatorToken ? { authorization: `Bearer ${cluster.operatorToken}` } : {} }).catch(
    () => null,
  );
  const line = response?.ok ? /^kf_catalog_start_seconds\{from="(\w+)"\} ([\d.]+)$/m.exec(await response.text()) : null;
  if (!line) return 'its catalogue start not known';
  return line[1] === 'snapshot'
    ? `its catalogue restored from the snapshot in ${Number(line[2]).toFixed(1)} s`
    : `its catalogue loaded whole in ${Number(line[2]).toFixed(1)} s`;
}
