/**
 * The experiments' door: what other areas use of it — the A/B cookie an order is attributed by, the store and the report the registry answers with.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { cookieFrom, type ExperimentCookie } from './experiment-cookie';
export { type Experiments } from './experiments';
export { experimentReport } from './report';
