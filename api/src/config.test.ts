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
