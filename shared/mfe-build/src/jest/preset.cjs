// One jest setup for the shop's packages and for every remote, in this repository or in a team's
// own (`module.exports = require('@kaloryfer/mfe-build/jest-preset')(__dirname)`): @swc/jest for
// TypeScript/TSX, the ESM-only packages (nanostores, single-spa, the published @kaloryfer
// packages) transformed too, CSS imports stubbed, jest-dom matchers on.
const fs = require('node:fs');
const path = require('node:path');

const ESM_PACKAGES = ['nanostores', '@nanostores', 'single-spa', 'single-spa-react', '@kaloryfer'];
/**
 * Inside the shop's repository every @kaloryfer package resolves to its src/ (docs/architecture.md,
 * "Shared packages"); a team's remote installed from a registry gets their published dist/.
 */
const SOURCE_CONDITION = '@kaloryfer/source';
const inWorkspace = !fs.realpathSync(__dirname).split(path.sep).includes('node_modules');

/** The repository a package folder belongs to (its npm workspaces root), or the folder itself. */
function rootOf(dir) {
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const file = path.join(current, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).workspaces) return current;
  }
  return dir;
}

module.exports = function preset(dir, { environment = 'jsdom' } = {}) {
  const conditions = environment === 'jsdom' ? ['browser'] : ['node', 'node-addons'];
  return {
    displayName: path.relative(rootOf(dir), dir) || path.basename(dir),
    rootDir: dir,
    // Resolved from here: a remote's repository names jest, not the environment or the transformer.
    testEnvironment: environment === 'jsdom' ? require.resolve('jest-environment-jsdom') : environment,
    testEnvironmentOptions: { customExportConditions: inWorkspace ? [...conditions, SOURCE_CONDITION] : conditions },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/server/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts', '<rootDir>/lib/**/*.test.ts'],
    transform: {
      '^.+\\.(t|j)sx?$|\\.mjs$': [
        require.resolve('@swc/jest'),
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
