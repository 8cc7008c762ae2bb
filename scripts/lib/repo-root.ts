import path from 'node:path';

/** The repository's root: where the shop's commands find its workspaces, builds and var/. */
export const REPO_ROOT = path.resolve(__dirname, '../..');
