// `npm run test:unit`: every package's unit and API tests (each package also runs alone:
// `npm test -w mfe-cart`).
module.exports = {
  // A project's own testTimeout is not applied when the projects run together: the API's 30 s
  // (a test server seeding its catalogue on a busy 2-core machine) set for the whole run.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/shared/contracts',
    '<rootDir>/shared/i18n',
    '<rootDir>/shared/ui',
    '<rootDir>/shared/domain',
    '<rootDir>/shared/mfe-build',
    '<rootDir>/shell',
    '<rootDir>/mfe-catalog',
    '<rootDir>/mfe-cart',
    '<rootDir>/mfe-checkout',
    '<rootDir>/mfe-account',
    '<rootDir>/mfe-content',
    '<rootDir>/api',
    '<rootDir>/api/jest.postgres.config.cjs',
    '<rootDir>/scripts',
    '<rootDir>/composition',
  ],
};
