export interface HaproxyConfigOptions {
  /** host:port the shop is served on. */
  bind: string;
  servers: { name: string; address: string }[];
  /** host:port of the statistics page. */
  stats: string;
  /** The runtime API's Unix socket (`set server instances/api1 state drain`…). */
  socket: string;
}

/**
 * The balancer's configuration. Round robin, no stickiness (carts, sessions and orders live in
 * PostgreSQL; tokens are signed with the shared secret). Health: `GET /api/health` (the process
 * and its database answer) every 500 ms, down after 2 failures, up after 2 passes.
 *
 * A check that does not answer within 2 s fails (`timeout check`): an instance whose database
 * pool is saturated is taken out, but a busy one answering in 600 ms is not. At most 32 requests
 * are in an instance at once (`maxconn 32`); the rest wait in HAProxy's queue (up to `timeout
 * queue`, 5 s) for the first free instance. An event loop does no more with 64 requests queued in
 * it than with 32 — but a health check behind 64 listings at 100,000 products waited over 2 s, so
 * a merely busy instance was taken out and everything got 503 (docs/scaling.md, "Limits"). Checks
 * are not queued: they reach the instance behind at most 32 requests.
 *
 * Retries: a request whose connection failed was never sent, so it is always safe to send again
 * — to another server (`option redispatch 1`: every retry moves on). A request that reached an
 * instance which then died without answering (`empty-response`) or hung (`response-timeout`) is
 * sent again only when replaying it cannot do anything twice: reads (GET, HEAD, the catalogue's
 * POST `_search`) and `POST /api/order`, which places an order once per client order id. Every
 * other POST (a cart line added twice would be two lines) gets its 502/504 and the shopper's
 * client decides. HAProxy 2.6 itself would replay any method on those events; `disable-l7-retry`
 * keeps it to connection failures for the rest.
 *
 * Every answer says which instance gave it (`X-Served-By: api2`).
 */
export function haproxyConfig({ bind, servers, stats, socket }: HaproxyConfigOptions): string {
  return `# Written by scripts/lib/cluster/haproxy-config.ts for one run of the cluster; docs/scaling.md explains it.
global
  maxconn 4096
  log stdout format raw local0 info
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  log global
  option httplog
  # Only what went wrong is logged: errors, 5xx, retries, redispatches, and servers going up or down.
  option dontlog-normal
  option dontlognull
  option log-health-checks
  option forwardfor
  timeout connect 1s
  timeout client 30s
  timeout server 15s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 5s
  # A crashed instance refuses connections at once (down within ~1 s); a slow health check under load is not a dead instance.
  timeout check 2s

frontend shop
  bind ${bind}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server check inter 500ms fall 2 rise 2 maxconn 32
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  acl replay_safe method GET HEAD OPTIONS
  acl replay_safe path_end /_search
  acl replay_safe path /api/order
  http-request disable-l7-retry unless replay_safe
  # Which instance answered (operators, and the fault test).
  http-response set-header X-Served-By %s
${servers.map((server) => `  server ${server.name} ${server.address}`).join('\n')}

listen stats
  bind ${stats}
  stats enable
  stats uri /stats
  stats refresh 2s
`;
}
