import { sql } from 'kysely';
import { openDatabase, preparedStatements, type Db } from '../../src/db/database';
import { freshTestDatabase, type TestDatabase } from '../../harness/test-database';

/**
 * Named prepared statements (api/src/db/prepared-statements.ts): a parameterised text is parsed
 * once per connection and reused; texts without parameters (a migration's several statements)
 * still run; a column added while the statements are prepared does not break the shop.
 */
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await freshTestDatabase('/tmp', 'prepared');
  process.env.DATABASE_POOL_SIZE = '1'; // one connection: every query below meets the same session
  db = openDatabase(database.url);
  delete process.env.DATABASE_POOL_SIZE;
  await sql`create table shelf (id int primary key, name text not null); insert into shelf values (1, 'Grzejnik'), (2, 'Zawór')`.execute(db.kysely);
});

afterAll(async () => {
  await db.close();
  await database.drop();
});

/** The session's prepared statements, as PostgreSQL lists them. */
const prepared = async () =>
  (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where name like 'kf_%'`.execute(db.kysely)).rows;
const byId = (id: number) =>
  db.kysely
    .selectFrom('shelf' as never)
    .selectAll()
    .where('id' as never, '=', id as never)
    .execute() as Promise<unknown[]>;

test('a parameterised query is prepared once under its digest and answers as before, each time with its own values', async () => {
  expect(await byId(1)).toEqual([{ id: 1, name: 'Grzejnik' }]);
  expect(await byId(2)).toEqual([{ id: 2, name: 'Zawór' }]);
  const mine = (await prepared()).filter((statement) => statement.statement.includes('"shelf"'));
  expect(mine).toHaveLength(1);
  expect(mine[0].name).toMatch(/^kf_[\w-]{27}$/);
});

test('a text of more than 100 parameters (a long in-list) goes unnamed: a session does not keep one per length', async () => {
  const ids = Array.from({ length: 101 }, (_, index) => index + 1);
  const rows = await db.kysely
    .selectFrom('shelf' as never)
    .select('name' as never)
    .where('id' as never, 'in', ids as never)
    .execute();
  expect(rows).toHaveLength(2);
  expect((await prepared()).some((statement) => statement.statement.includes('$101'))).toBe(false);
});

test('a text without parameters is not prepared (several statements in one text still run)', async () => {
  await sql`update shelf set name = name; select 1`.execute(db.kysely);
  expect((await prepared()).some((statement) => statement.statement.includes('update shelf'))).toBe(false);
});

test('a column added while a select * is prepared: the next query answers with it, outside a transaction and after a failed one', async () => {
  expect(await byId(1)).toEqual([{ id: 1, name: 'Grzejnik' }]);
  await sql`alter table shelf add column colour text`.execute(db.kysely);
  expect(await byId(1)).toEqual([{ id: 1, name: 'Grzejnik', colour: null }]);

  await sql`alter table shelf add column finish text`.execute(db.kysely);
  // Inside a transaction the statement fails as any failed statement would (the transaction cannot go on)…
  await expect(
    db.kysely.transaction().execute((trx) =>
      trx
        .selectFrom('shelf' as never)
        .selectAll()
        .where('id' as never, '=', 2 as never)
        .execute(),
    ),
  ).rejects.toThrow(/cached plan must not change result type/);
  // …and the connection is clean for the next one.
  expect(
    await db.kysely.transaction().execute((trx) =>
      trx
        .selectFrom('shelf' as never)
        .selectAll()
        .where('id' as never, '=', 2 as never)
        .execute(),
    ),
  ).toEqual([{ id: 2, name: 'Zawór', colour: null, finish: null }]);
});

test.each([
  [undefined, true],
  ['', true],
  ['1', true],
  ['0', false],
])('DATABASE_PREPARED_STATEMENTS=%p → %p', (value, on) => {
  expect(preparedStatements(value)).toBe(on);
});

test('DATABASE_PREPARED_STATEMENTS=yes is refused with the values it takes', () => {
  expect(() => preparedStatements('yes')).toThrow('DATABASE_PREPARED_STATEMENTS must be 0 or 1, got "yes"');
});
