/**
 * The A/B report as the API computes it from counts (GET /registry/v1/experiments/…/report):
 * `npm run experiment` prints one it fetched, and its tests print ones computed here.
 * One of the API's public entry points (api/public/README.md).
 */
export { experimentReport } from '../src/experiments/report';
