// Written by `npm run packages:version` from package.json (scripts/packages/version.ts): the
// version of the contracts a page runs, which the shell, the release gate and every remote's
// build-info.json compare. version.test.ts fails when the two differ.
export const CONTRACTS_VERSION = '1.1.0';
