/**
 * The registry's door: what other areas use of it — operator tokens (imports and /metrics check them), its store, the gate's server-render check type.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { type ServerRenderCheck } from './gate/release-gate';
export { RegistryStore } from './registry-store';
export { RegistryAuthError, RegistryTokens, type RegistryCaller } from './registry-tokens';
