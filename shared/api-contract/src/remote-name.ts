/**
 * A remote's name: one of the shop's remotes — the built-in five or one an operator registered
 * (`GET /registry/v1/remotes`). The same rule as @kaloryfer/contracts' REMOTE_NAME_PATTERN
 * (api/test/registry-remotes.test.ts holds the two together).
 */
export const REMOTE_NAME = '^[a-z][a-z0-9]{0,15}$';
