/**
 * The API's parts a page server is handed, for a page server built without the whole API (the
 * page server's tests): the A/B pins cookie (`app.experiments.cookie`), the override signer
 * (`app.overrides`) and the security headers every answer of the shop carries. The composition
 * root hands a running API's own (composition/compose-shop.ts).
 * One of the API's public entry points (api/public/README.md).
 */
export { ExperimentCookie } from '../src/experiments/experiment-cookie';
export { installSecurityHeaders } from '../src/http/security-headers';
export { Overrides } from '../src/registry/overrides';
