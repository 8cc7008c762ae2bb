/**
 * Open the shop's database and bring its schema up to date.
 * One of the API's public entry points for scripts/ (api/public/README.md): the lint refuses a
 * script that imports api/src itself.
 */
export { type Db, openDatabase } from '../src/db/database';
export { migrateToLatest } from '../src/db/migrate';
