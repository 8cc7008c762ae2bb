import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test.each<[string, unknown, boolean]>([
  ['PostgreSQL refused the connection (stopped)', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), true],
  ['pg pool: no connection within connectionTimeoutMillis', new Error('timeout exceeded when trying to connect'), true],
  ['the server shut down under a running query', withCode('57P01', 'terminating connection due to administrator command'), true],
  ['the server is starting up', withCode('57P03', 'the database system is starting up'), true],
  ['too many connections', withCode('53300', 'sorry, too many clients already'), true],
  ['a dropped connection', new Error('Connection terminated unexpectedly'), true],
  ['both addresses refused (AggregateError)', new AggregateError([withCode('ECONNREFUSED')], ''), true],
  ['wrapped in a cause', new Error('query failed', { cause: withCode('08006') }), true],
  ['a write reached a standby during a failover', withCode('25006', 'cannot execute INSERT in a read-only transaction'), true],
  ['SQLite file locked past busy_timeout', withCode('SQLITE_BUSY', 'database is locked'), true],
  ["a unique violation is the request's problem, not an outage", withCode('23505', 'duplicate key value violates unique constraint'), false],
  ['a value too long for its column', withCode('22001', 'value too long for type character varying(60)'), false],
  ['a bug', new TypeError('Cannot read properties of undefined'), false],
  ['not an error at all', 'ECONNREFUSED', false],
])('%s → %s', (_name, error, unavailable) => {
  expect(isDatabaseUnavailable(error)).toBe(unavailable);
});
