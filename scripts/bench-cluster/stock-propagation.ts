/* eslint-disable @typescript-eslint/no-explicit-any -- the shop's answers are read as the wire JSON they are. */
import type { ClusterInstance } from '../lib/cluster/instances';
import { ADDRESS, JSON_HEADERS, LISTED, runId, SEARCH } from './bench-data';

async function search(url: string, sku: string): Promise<number> {
  const response = await fetch(url + SEARCH, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ query: { _appliedFilters: [...LISTED, { attribute: 'sku', value: { eq: sku } }] }, size: 1, _sourceInclude: ['sku'] }),
  });
  return ((await response.json()) as { total: number }).total;
}

async function call(url: string, requestPath: string, body: unknown): Promise<any> {
  const response = await fetch(url + requestPath, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  const answer = (await response.json()) as { result: unknown };
  if (!response.ok) throw new Error(`${requestPath}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer.result;
}

/** An order through the first instance sells a probe SKU's last unit; each instance's in-stock filter is polled directly until it drops it. */
export async function stockPropagation(instances: ClusterInstance[], probes: string[]) {
  console.log(
    `\nA stock change (an order through ${instances[0].name} sells the last unit) reaching the in-stock filter of each instance, asked directly (past the balancer):`,
  );
  const worst: number[] = [];
  for (const sku of probes) {
    for (const instance of instances) if ((await search(instance.url, sku)) !== 1) throw new Error(`${sku} is not listed in stock on ${instance.name}`);
    const [writer] = instances;
    const cartId = (await call(writer.url, '/api/cart/create', {})) as string;
    await call(writer.url, `/api/cart/update?cartId=${cartId}`, { cartItem: { sku, qty: 1, quoteId: cartId } });
    await call(writer.url, '/api/order', {
      order: {
        order_id: `bench-${runId}-probe-${sku.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64),
        cart_id: cartId,
        addressInformation: {
          shippingAddress: ADDRESS,
          shipping_carrier_code: 'courier',
          shipping_method_code: 'courier',
          payment_method_code: 'cashondelivery',
        },
      },
    });
    const placedAt = performance.now();
    const seen = await Promise.all(
      instances.map(async (instance) => {
        while (performance.now() - placedAt < 30_000) {
          if ((await search(instance.url, sku)) === 0) return performance.now() - placedAt;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return Infinity;
      }),
    );
    worst.push(Math.max(...seen));
    console.log(
      `  ${sku.padEnd(16)} ${instances.map((instance, i) => `${instance.name} ${Number.isFinite(seen[i]) ? `${seen[i].toFixed(0)} ms` : 'not within 30 s'}`).join(' · ')}`,
    );
  }
  console.log(`  every instance within ${Math.max(...worst).toFixed(0)} ms (worst of ${probes.length}) of the order's answer`);
}
