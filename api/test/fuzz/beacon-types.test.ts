import fc from 'fast-check';
import { startTestServer, type TestServer } from '../../harness/test-server';

/**
 * The beacon takes its types as declared (issue #48): the API's usual validator coerces
 * query-like values ("true" → true, "3" → 3), the beacon's does not — a page view that is not a
 * boolean or a count that is not a number is refused, never counted. fast-check writes beacons
 * that fit the schema, then puts one of their booleans or numbers as a string; every such beacon
 * is refused on its type, where the beacon as written gets past the schema (and is refused only
 * for naming builds this shop never published: the fuzz server has none).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 48);
const RUNS = Number(process.env.FUZZ_RUNS_BEACON ?? 150);

let server: TestServer;
beforeAll(async () => {
  // Each run from an address of its own (the proxy in front says which): the 120-a-minute limit is not what is tested.
  server = await startTestServer({ config: { trustProxy: ['127.0.0.1'] } });
}, 60_000);
afterAll(() => server?.close());

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const count = fc.integer({ min: 0, max: 100 });
const entry = fc.record(
  {
    remote: fc.constantFrom('catalog', 'cart', 'checkout'),
    build: hex64,
    pageView: fc.boolean(),
    route: fc.boolean(),
    mountFailures: count,
    fallbacks: count,
    errors: count,
  },
  { requiredKeys: ['remote', 'build'] },
);
const beacon = fc.record(
  {
    builds: fc.array(entry, { minLength: 1, maxLength: 3 }),
    vitals: fc.record(
      { lcp: fc.integer({ min: 0, max: 120_000 }), inp: fc.integer({ min: 0, max: 60_000 }), cls: fc.double({ min: 0, max: 100, noNaN: true }) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['builds'] },
);

/** Where the beacon has a boolean or a number: [path to its holder, key]. */
function typedFields(value: Record<string, any>): [Record<string, unknown>, string][] {
  const fields: [Record<string, unknown>, string][] = [];
  for (const build of value.builds as Record<string, unknown>[])
    for (const key of Object.keys(build)) if (typeof build[key] === 'boolean' || typeof build[key] === 'number') fields.push([build, key]);
  for (const key of Object.keys(value.vitals ?? {})) fields.push([value.vitals, key]);
  return fields;
}

let sent = 0;
const send = async (body: unknown) => {
  sent += 1;
  const response = await fetch(`${server.baseUrl}/api/signals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.48.${sent >> 8}.${sent & 255}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: string } };
};

test(`${RUNS} beacons with a boolean or a number written as a string: each refused on its type (seed ${SEED})`, async () => {
  const before = await server.db.kysely.selectFrom('mfe_signal').selectAll().execute();
  await fc.assert(
    fc.asyncProperty(
      beacon.filter((value) => typedFields(value).length > 0),
      fc.nat(),
      async (value, pick) => {
        const asWritten = await send(value);
        expect(asWritten.status).toBe(400);
        expect(asWritten.body.result).not.toMatch(/^body\//); // past the schema
        const fields = typedFields(value);
        const [holder, key] = fields[pick % fields.length];
        holder[key] = String(holder[key]);
        const coerced = await send(value);
        expect(coerced.status).toBe(400);
        expect(coerced.body.result).toMatch(new RegExp(`^body/.*${key}: Expected (boolean|integer|number)`));
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
  expect(await server.db.kysely.selectFrom('mfe_signal').selectAll().execute()).toEqual(before);
}, 120_000);
