import path from 'node:path';

/** The shop the e2e suite runs against: its own ports and var/ folder, nothing shared with `npm start`. */
export const E2E_PORT = 4300;
export const E2E_HOST = '127.0.0.1';
export const E2E_VAR_DIR = path.resolve(__dirname, '.var');
export const REPO_ROOT = path.resolve(__dirname, '..');
export const BASE_URL = `http://${E2E_HOST}:${E2E_PORT}`;

export const SHOP_ENV = {
  PORT: String(E2E_PORT),
  HOST: E2E_HOST,
  PUBLIC_HOST: E2E_HOST,
  VAR_DIR: E2E_VAR_DIR,
  LOG_LEVEL: 'warn',
  // Short-lived access tokens: every account journey lives through refreshes, and the expiry journey waits one out.
  ACCESS_TOKEN_TTL: '15',
  // Every API answer a journey gets is checked against its schema in shared/api-contract (a mismatch is a 500 naming the field).
  CHECK_RESPONSES: '1',
  // Canaries are judged after 4 page views and step at once (e2e/tests/canary.spec.ts); the shop's defaults are 50 and 5 min.
  CANARY_MIN_PAGE_VIEWS: '4',
  CANARY_STEP_MINUTES: '0',
  // Every browser here is one visitor (127.0.0.1): one suffices, and their page views all count.
  // The shop's defaults — 10 visitors, 3 of them failing, 5 views each an hour — are tested in api/test/canary.test.ts.
  CANARY_MIN_VISITORS: '1',
  CANARY_MIN_FAILING_VISITORS: '1',
  SIGNALS_VIEWS_PER_VISITOR: '100000',
};

/**
 * Where each remote's builds are served: by the shop itself, from the registry (docs/releasing.md).
 * A journey that takes a remote down routes `${REMOTE_FILES.content}/**`.
 */
export const REMOTE_FILES = {
  catalog: `${BASE_URL}/mfe/catalog`,
  cart: `${BASE_URL}/mfe/cart`,
  checkout: `${BASE_URL}/mfe/checkout`,
  account: `${BASE_URL}/mfe/account`,
  content: `${BASE_URL}/mfe/content`,
};

/** The local operator token `npm start` keeps for this shop (its registry: docs/releasing.md). */
export const OPERATOR_TOKEN_FILE = path.join(E2E_VAR_DIR, 'registry-operator.token');
