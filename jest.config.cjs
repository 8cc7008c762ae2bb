// `npm run test:unit`: every package's unit and API tests (each package also runs alone:
// `npm test -w mfe-cart`).
module.exports = {
  projects: [
    '<rootDir>/shared/contracts',
    '<rootDir>/shared/i18n',
    '<rootDir>/shared/ui',
    '<rootDir>/shared/domain',
    '<rootDir>/shell',
    '<rootDir>/mfe-catalog',
    '<rootDir>/mfe-cart',
    '<rootDir>/mfe-checkout',
    '<rootDir>/mfe-account',
    '<rootDir>/mfe-content',
    '<rootDir>/api',
    '<rootDir>/api/jest.postgres.config.cjs',
    '<rootDir>/scripts',
  ],
};
