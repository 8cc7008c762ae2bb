import { loadConfig } from './config';
import { poolSize } from './db/database';

test.each<[string | undefined, string[] | false]>([
  [undefined, false],
  ['', false],
  ['127.0.0.1', ['127.0.0.1']],
  [' 127.0.0.1, ::1 ,10.0.0.0/8', ['127.0.0.1', '::1', '10.0.0.0/8']],
])('TRUST_PROXY=%p → %p', (value, trusted) => {
  expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trusted);
});

test.each(['true', 'balancer.local', '127.0.0.1;rm', '*'])('TRUST_PROXY=%p is refused at start', (value) => {
  expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY must list IP addresses or CIDRs');
});

test.each<[string | undefined, number | null]>([
  [undefined, 10],
  ['', 10],
  ['3', 3],
  ['500', 500],
  ['0', null],
  ['501', null],
  ['2.5', null],
  ['dziesięć', null],
])('DATABASE_POOL_SIZE=%p → %p', (value, size) => {
  if (size === null) expect(() => poolSize(value)).toThrow('DATABASE_POOL_SIZE must be a whole number from 1 to 500');
  else expect(poolSize(value)).toBe(size);
});

test.each<[Record<string, string>, Partial<Record<'beacons' | 'views' | 'visitors' | 'failing', number>> | RegExp]>([
  [{}, { beacons: 600, views: 5, visitors: 10, failing: 3 }],
  [
    { SIGNALS_BEACONS_PER_MINUTE: '120', SIGNALS_VIEWS_PER_VISITOR: '1', CANARY_MIN_VISITORS: '1', CANARY_MIN_FAILING_VISITORS: '1' },
    { beacons: 120, views: 1, visitors: 1, failing: 1 },
  ],
  [{ SIGNALS_BEACONS_PER_MINUTE: '5' }, /SIGNALS_BEACONS_PER_MINUTE/],
  [{ SIGNALS_VIEWS_PER_VISITOR: '0' }, /SIGNALS_VIEWS_PER_VISITOR/],
  [{ CANARY_MIN_VISITORS: 'dziesięć' }, /CANARY_MIN_VISITORS/],
  [{ CANARY_MIN_FAILING_VISITORS: '1.5' }, /CANARY_MIN_FAILING_VISITORS/],
])('signals and canary settings %p → %p', (env, expected) => {
  if (expected instanceof RegExp) return expect(() => loadConfig(env)).toThrow(expected);
  const config = loadConfig(env);
  expect({
    beacons: config.signalsBeaconsPerMinute,
    views: config.signalsViewsPerVisitor,
    visitors: config.canary.minVisitors,
    failing: config.canary.minFailingVisitors,
  }).toEqual(expected);
});
