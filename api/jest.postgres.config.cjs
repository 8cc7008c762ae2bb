// The API suite once more on PostgreSQL (`npm run test:unit` runs both; alone:
// `npx jest --selectProjects "api on PostgreSQL"`): the same tests, a throwaway PostgreSQL
// server for the run (scripts/lib/postgres-server.ts), a database per test server.
const base = require('@kaloryfer/mfe-build/jest-preset')(__dirname, { environment: 'node' });

module.exports = {
  ...base,
  displayName: 'api on PostgreSQL',
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/catalog/catalog.test.ts', '<rootDir>/src/catalog/snapshot/catalog-snapshots.test.ts'],
  globals: { KF_TEST_DATABASE: 'postgres' },
  // Seeding a test catalogue into PostgreSQL takes a few seconds on a busy 2-core machine.
  testTimeout: 30_000,
  globalSetup: '<rootDir>/test/postgres/global-setup.ts',
  globalTeardown: '<rootDir>/test/postgres/global-teardown.ts',
};
