/**
 * Start the API in a command (npm start, the cluster's instances, the benches): build the app, its log on a terminal, the token secret, operator tokens.
 * One of the API's public entry points for scripts/ (api/public/README.md): the lint refuses a
 * script that imports api/src itself.
 */
export { buildApp } from '../src/app';
export { loadTokenSecret } from '../src/auth/group-token';
export { humanLogStream } from '../src/http/human-log-stream';
export { RegistryTokens } from '../src/registry/registry-tokens';
