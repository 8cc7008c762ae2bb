import path from 'node:path';

/** The shop the e2e suite runs against: its own ports and var/ folder, nothing shared with `npm start`. */
export const E2E_PORT = 4300;
export const E2E_REMOTE_PORT_BASE = 4301;
export const E2E_HOST = '127.0.0.1';
export const E2E_VAR_DIR = path.resolve(__dirname, '.var');
export const REPO_ROOT = path.resolve(__dirname, '..');
export const BASE_URL = `http://${E2E_HOST}:${E2E_PORT}`;

export const SHOP_ENV = {
  PORT: String(E2E_PORT),
  REMOTE_PORT_BASE: String(E2E_REMOTE_PORT_BASE),
  HOST: E2E_HOST,
  PUBLIC_HOST: E2E_HOST,
  VAR_DIR: E2E_VAR_DIR,
  LOG_LEVEL: 'warn',
  // Short-lived access tokens: every account journey lives through refreshes, and the expiry journey waits one out.
  ACCESS_TOKEN_TTL: '15',
  // Every API answer a journey gets is checked against its schema in shared/api-contract (a mismatch is a 500 naming the field).
  CHECK_RESPONSES: '1',
};

export const REMOTE_ORIGINS = {
  catalog: `http://${E2E_HOST}:${E2E_REMOTE_PORT_BASE}`,
  cart: `http://${E2E_HOST}:${E2E_REMOTE_PORT_BASE + 1}`,
  checkout: `http://${E2E_HOST}:${E2E_REMOTE_PORT_BASE + 2}`,
  account: `http://${E2E_HOST}:${E2E_REMOTE_PORT_BASE + 3}`,
  content: `http://${E2E_HOST}:${E2E_REMOTE_PORT_BASE + 4}`,
};
