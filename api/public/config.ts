/**
 * The settings, read from the environment as the API reads them, and the shop's public URL.
 * One of the API's public entry points for scripts/ and the composition root (api/public/README.md):
 * the lint refuses a script that imports api/src itself.
 */
export { type Config, loadConfig, millisecondsSetting, shopUrl } from '../src/config';
