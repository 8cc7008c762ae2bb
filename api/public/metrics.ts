/**
 * The series every instance's GET /metrics exposes (`ShopMetrics`), for the test that holds the
 * alert rules and the dashboard (ops/) to names the shop really exports.
 * One of the API's public entry points for scripts/ (api/public/README.md): the lint refuses a
 * script that imports api/src itself.
 */
export { ShopMetrics } from '../src/metrics';
