/**
 * Supplier files: read, check, import, follow a job, save a profile, export a price list (npm run catalog:import, catalog:export, bench:import).
 * One of the API's public entry points for scripts/ (api/public/README.md): the lint refuses a
 * script that imports api/src itself.
 */
export { exportPriceList, priceListCsv } from '../src/catalog/export/export-prices';
export { importCatalog, type ImportReport } from '../src/catalog/import/apply-import';
export { parseImportFile } from '../src/catalog/import/import-file';
export { startCommandJob } from '../src/catalog/import/import-job-claims';
export { runImportJob } from '../src/catalog/import/import-job-runner';
export { getImportJob, type ImportJob, type ImportJobOptions, type ImportSubmission, listImportJobs, refusedCsvOf } from '../src/catalog/import/import-jobs';
export { IMPORT_ENCODINGS, IMPORT_FIELDS, IMPORT_FORMATS, type ImportEncoding, type ImportFormat } from '../src/catalog/import/import-profile';
export { checkProfile, findProfile, listProfiles, type SavedProfile, saveProfile, unknownProfileMessage } from '../src/catalog/import/import-profiles';
export { type ImportRefusal, refusalLines, reportLines } from '../src/catalog/import/import-report';
