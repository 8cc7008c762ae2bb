// The API suite on SQLite; api/jest.postgres.config.cjs runs it on PostgreSQL, with the
// multi-instance and database-restart tests of test/postgres/ that only PostgreSQL has.
const base = require('@kaloryfer/mfe-build/jest-preset')(__dirname, { environment: 'node' });

module.exports = { ...base, testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/postgres/'], testTimeout: 30_000 };
