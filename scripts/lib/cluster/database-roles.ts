import fs from 'node:fs';
import path from 'node:path';

/**
 * Which of start:cluster's two PostgreSQL data folders (under `$VAR_DIR/cluster/`) is the primary
 * now — a failover swaps them (`npm run cluster -- failover`) — kept in `database.json` beside them.
 * `stale`: a folder that was a primary before a failover. Its last commits may never have reached
 * the promoted server, so it must not serve again as it is: the next `start:cluster -- --replica`
 * makes it again from the primary.
 */
export interface DatabaseRoles {
  primary: string;
  replica: string | null;
  stale: string | null;
}

const FOLDERS = ['postgres', 'postgres-replica'];
const FILE = 'database.json';

export function readDatabaseRoles(runDir: string): DatabaseRoles {
  const file = path.join(runDir, FILE);
  if (!fs.existsSync(file)) return { primary: 'postgres', replica: null, stale: null };
  const roles = JSON.parse(fs.readFileSync(file, 'utf8')) as DatabaseRoles;
  for (const name of [roles.primary, roles.replica, roles.stale])
    if (name !== null && !FOLDERS.includes(name)) throw new Error(`${file}: "${name}" is not one of the cluster's database folders (${FOLDERS.join(', ')})`);
  return roles;
}

export function writeDatabaseRoles(runDir: string, roles: DatabaseRoles): void {
  fs.mkdirSync(runDir, { recursive: true });
  fs.writeFileSync(path.join(runDir, FILE), `${JSON.stringify(roles, null, 2)}\n`);
}

/** The folder a replica of `primary` lives in: the other one. */
export function replicaFolder(primary: string): string {
  return FOLDERS.find((name) => name !== primary)!;
}
