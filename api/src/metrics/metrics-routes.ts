import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope } from '../http/envelope';
import type { RegistryTokens } from '../registry';
import type { ShopMetrics } from './metrics';

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` for an operator's registry token or a configured address (METRICS_ALLOW) —
 * nobody else: the figures say what the shop runs and how it is doing.
 */
export function metricsRoutes(app: FastifyInstance, { metrics, tokens, allow }: { metrics: ShopMetrics; tokens: RegistryTokens; allow: string[] }): void {
  const allowed = blockListOf(allow);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!allowedAddress(allowed, request) && !(await isOperator(tokens, request))) {
      return reply.code(401).send(envelope(401, 'metrics need an operator token (Authorization: Bearer …) or an address listed in METRICS_ALLOW'));
    }
    const { contentType, text } = await metrics.exposition();
    return reply.header('content-type', contentType).send(text);
  });
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function allowedAddress(list: BlockList, request: FastifyRequest): boolean {
  const address = request.ip.replace(/^::ffff:/, '');
  try {
    return list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

async function isOperator(tokens: RegistryTokens, request: FastifyRequest): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    return (await tokens.caller(request.headers.authorization)).team === 'operator';
  } catch {
    return false;
  }
}
