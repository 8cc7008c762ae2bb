// One jest setup for every package: @swc/jest for TypeScript/TSX, the ESM-only packages
// (nanostores, single-spa) transformed too, CSS imports stubbed, jest-dom matchers on.
const path = require('node:path');

const ESM_PACKAGES = ['nanostores', '@nanostores', 'single-spa', 'single-spa-react'];

module.exports = function preset(dir, { environment = 'jsdom' } = {}) {
  return {
    displayName: path.relative(path.resolve(__dirname, '..'), dir),
    rootDir: dir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/server/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts', '<rootDir>/lib/**/*.test.ts'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'style-stub.cjs') },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.cjs')] : [],
  };
};
