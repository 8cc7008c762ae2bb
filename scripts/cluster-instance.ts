import { Writable } from 'node:stream';
import { loadShopSettings } from '../composition/shop-settings';
import { startTracing } from '../composition/tracing';

/**
 * One instance of the cluster (`npm run start:cluster`, `scripts/lib/cluster.ts` starts it as a
 * child process): the API and — unless `CLUSTER_PAGES=0` — the shell's page server on `PORT`,
 * configured from the environment like `npm start` (composition/shop-settings.ts), put together by the
 * composition root (composition/compose-shop.ts). It does not migrate or
 * seed (the cluster did, once, before any instance started). It serves every remote's files from
 * the registry in the database and hears every release at its commit (docs/releasing.md); its
 * release gate renders with this instance. Its page server calls the API on this instance
 * itself (loopback); `PUBLIC_URL` is the balancer's, so pages and payment returns point there.
 *
 * Stopping:
 * - SIGTERM drains first: the balancer's health check answers 503 until it has failed twice
 *   (HAProxy's `fall 2`) — or `CLUSTER_DRAIN_MS` (default 3000) passed, or no health check has
 *   come for 2 s (no balancer) — so no new request is routed here; then the server closes,
 *   answering the requests already under way.
 * - SIGINT (Ctrl-C, or the cluster stopping after its balancer) closes at once, still answering
 *   what is under way.
 * - The cluster manager's IPC channel closing (it died) stops it like SIGINT.
 * Behind the balancer, `request.ip` is the shopper's address from X-Forwarded-For (TRUST_PROXY).
 * When it listens it sends `{type: 'ready', name, pid, port}` over IPC (when started with one).
 */
// Behind the balancer every connection comes from it: the API believes X-Forwarded-For from
// loopback only (TRUST_PROXY), so request.ip — and the per-IP limits — are the shopper's.
process.env.TRUST_PROXY ??= '127.0.0.1,::1,::ffff:127.0.0.1';
const config = loadShopSettings();
const name = process.env.CLUSTER_INSTANCE ?? `api:${config.port}`;
const withPages = process.env.CLUSTER_PAGES !== '0';
const drainMs = Number(process.env.CLUSTER_DRAIN_MS ?? 3000);
/** HAProxy marks a server down after this many failed checks in a row (the cluster's `fall 2`). */
const FALL = 2;

/**
 * The log, less the balancer's passing health checks (two a second: `GET /api/health` without a
 * Host header, HAProxy's `option httpchk`) — their "incoming request" and "request completed"
 * lines; a check that fails, and anything logged while answering one, stays.
 */
function withoutHealthChecks(out: NodeJS.WritableStream): Writable {
  const checks = new Set<string>();
  const reqId = (line: string) => /"reqId":"([^"]+)"/.exec(line)?.[1];
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const line = chunk.toString();
      const id = reqId(line);
      if (id && checks.has(id)) {
        if (!line.includes('"msg":"request completed"'))
          out.write(chunk); // a warning or error while checking stays
        else if (checks.delete(id) && !line.includes('"statusCode":200')) out.write(chunk); // so does a failed check
      } else if (id && line.includes('"url":"/api/health"') && line.includes('"host":""') && line.includes('"msg":"incoming request"')) {
        checks.add(id);
      } else {
        out.write(chunk);
      }
      done();
    },
  });
}

async function main() {
  // Traces (OTEL_EXPORTER_OTLP_ENDPOINT; docs/operations.md, "Traces") start before the shop's
  // modules load: the instrumentations patch http and pg as they are required, so the database and
  // the composition root are imported only now (composition/tracing.ts says why not a preload).
  const tracing = await startTracing({ instance: name });
  const { openDatabase } = await import('../api/public/database');
  const { composeShop } = await import('../composition/compose-shop');
  const db = openDatabase(config.databaseUrl);
  const { app, pages } = await composeShop({
    settings: config,
    db,
    apiOrigin: `http://127.0.0.1:${config.port}`,
    pages: withPages,
    logStream: withoutHealthChecks(process.stdout),
  });

  let draining = false;
  let lastHealthCheckAt = 0;
  let refusedChecks = 0;
  let onRefused: (() => void) | null = null;
  // The balancer's health checks: `GET /api/health` without a Host header (HAProxy's `option
  // httpchk` speaks HTTP/1.0); shoppers' and monitors' requests always carry one and are answered as usual.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.host !== undefined || (request.url !== '/api/health' && !request.url.startsWith('/api/health?'))) return;
    lastHealthCheckAt = Date.now();
    if (!draining) return;
    refusedChecks += 1;
    if (refusedChecks >= FALL) onRefused?.();
    return reply
      .code(503)
      .header('connection', 'close')
      .send({ code: 503, result: `${name} is stopping` });
  });

  await app.listen({ host: config.host, port: config.port });
  await pages?.warm();

  let stopping: Promise<void> | null = null;
  const stop = (drain: boolean) => {
    stopping ??= (async () => {
      if (drain && Date.now() - lastHealthCheckAt < 2000) {
        draining = true;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          onRefused = () => {
            clearTimeout(timer);
            setTimeout(resolve, 100);
          };
        });
      }
      await app.close();
      await pages?.close();
      await db.close();
      await tracing.shutdown(); // the spans still buffered go out
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name}: stopping failed:`, error);
        process.exit(1);
      },
    );
    return stopping;
  };
  process.on('SIGTERM', () => void stop(true));
  process.on('SIGINT', () => void stop(false));
  process.on('disconnect', () => void stop(false));

  console.log(
    `${name}: pid ${process.pid} listening on http://${config.host}:${config.port} (${db.dialect}${withPages ? ', API + pages' : ', API only'}${tracing.enabled ? ', traced' : ''})`,
  );
  process.send?.({ type: 'ready', name, pid: process.pid, port: config.port });
}

main().catch((error: unknown) => {
  console.error(`${name}: could not start:`, error);
  process.exit(1);
});
