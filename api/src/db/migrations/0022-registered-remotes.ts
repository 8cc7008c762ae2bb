import type { Kysely } from 'kysely';

/**
 * Remotes an operator registers (issue #47, docs/architecture.md "The shop's remotes"): beside
 * the built-in five, a remote joins the shop by a registry call, not by a change to the shell.
 * Its row in `mfe_remote` (which already holds each remote's control variant and release lease)
 * gets its definition — the routes it owns and the shell's slots it fills, as JSON — and who
 * registered it when. A built-in remote's row has no definition: its own is in
 * @kaloryfer/contracts. The row's existing trigger announces a registration to every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mfe_remote').addColumn('definition', 'text').execute();
  await db.schema.alterTable('mfe_remote').addColumn('registered_at', 'varchar(32)').execute();
  await db.schema.alterTable('mfe_remote').addColumn('registered_by', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['registered_by', 'registered_at', 'definition']) await db.schema.alterTable('mfe_remote').dropColumn(column).execute();
}
