import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { fixtureBuildFiles } from '../src/registry/testing/fixture-build';
import { shellWithoutPageServer, publishFixture } from './registry-helpers';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * Files served are the files published (issue #52, docs/releasing.md): two instances of one shop
 * on one database; a build is published, then its stored bytes are changed in the database behind
 * the registry's back. An instance that reads such a file afresh answers 503, one that holds it
 * in memory stops serving it at its periodic sample (driven here by `files.sample()`), both log
 * and count it, and every file left alone is served as before.
 */
let a: TestServer;
let b: TestServer;
let operator: string;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  a = await startTestServer({ shell: shellWithoutPageServer(), config: { logLevel: 'warn' }, logStream: sink });
  b = await startTestServer({ instanceOf: a, shell: shellWithoutPageServer(), config: { logLevel: 'warn' }, logStream: sink });
  operator = (await a.app.mfeRegistry.tokens.create('operator')).token;
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const TAMPERED = Buffer.from('document.body.innerHTML = "changed in the database after publishing";\n');

async function get(server: TestServer, remote: string, build: string, path: string, encoding = 'identity') {
  const response = await fetch(`${server.baseUrl}/mfe/${remote}/${build.slice(0, 16)}/${path}`, { headers: { 'accept-encoding': encoding } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Changes a stored file's bytes in place, as a hand on the database would: the row keeps its hash. */
async function tamper(server: TestServer, published: Buffer, bytes = TAMPERED): Promise<void> {
  const changed = await server.db.kysely.updateTable('mfe_blob').set({ bytes }).where('hash', '=', sha256(published)).executeTakeFirst();
  expect(Number(changed.numUpdatedRows)).toBe(1);
}

/** The instance's kf_registry_file_mismatches_total for the remote (0 before its first). */
async function mismatches(server: TestServer, remote: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${operator}` } });
  expect(response.status).toBe(200);
  const found = new RegExp(`^kf_registry_file_mismatches_total\\{remote="${remote}"\\} (\\d+)$`, 'm').exec(await response.text());
  return found ? Number(found[1]) : 0;
}

function expectRefused(answer: Awaited<ReturnType<typeof get>>, tampered: Buffer = TAMPERED) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('etag')).toBeNull();
  expect(answer.bytes.includes(tampered)).toBe(false);
  expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({
    code: 503,
    result: expect.stringMatching(/does not match the hash it was published with: not served/),
  });
}

test('an instance that reads a tampered file afresh answers 503 (never its bytes), logs and counts it; the untouched files still serve 200', async () => {
  const files = fixtureBuildFiles({ remote: 'content', version: '1.0.0' });
  const build = await publishFixture(a.baseUrl, operator, { remote: 'content', version: '1.0.0' });
  await tamper(a, files.get('app.css')!);
  const before = await mismatches(b, 'content');

  expectRefused(await get(b, 'content', build, 'app.css'));
  expect(lines.join('')).toContain(
    `registry: content build ${build.slice(0, 16)} app.css: stored bytes do not match the hash it was published with (sha256 expected ${sha256(files.get('app.css')!)}, got ${sha256(TAMPERED)}); answering 503`,
  );
  expect(await mismatches(b, 'content')).toBe(before + 1);
  // Asked again within the minute: refused from memory, not read, logged or counted once more.
  expectRefused(await get(b, 'content', build, 'app.css'));
  expect(await mismatches(b, 'content')).toBe(before + 1);

  for (const path of ['remoteEntry.js', 'mf-manifest.json', 'server/render.js']) {
    const served = await get(b, 'content', build, path);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.bytes.equals(files.get(path)!)).toBe(true);
  }
});

test('an instance that held a file in memory notices on its periodic sample that the stored bytes changed, and stops serving it', async () => {
  const files = fixtureBuildFiles({ remote: 'cart', version: '1.0.0' });
  const build = await publishFixture(a.baseUrl, operator, { remote: 'cart', version: '1.0.0' });
  for (const path of ['remoteEntry.js', 'app.css']) expect((await get(a, 'cart', build, path)).status).toBe(200);
  await tamper(a, files.get('remoteEntry.js')!);
  const before = await mismatches(a, 'cart');

  // Until its sample, the instance serves the published bytes it holds: what the sample is for.
  expect((await get(a, 'cart', build, 'remoteEntry.js')).bytes.equals(files.get('remoteEntry.js')!)).toBe(true);
  // A round takes the 16 files held longest since their last check: within a few rounds every file held is checked.
  const found = [];
  for (let round = 0; round < 5 && found.length === 0; round += 1) found.push(...(await a.app.mfeRegistry.files.sample()).mismatches);
  expect(found).toEqual([
    { remote: 'cart', build, path: 'remoteEntry.js', check: 'sha256', expected: sha256(files.get('remoteEntry.js')!), actual: sha256(TAMPERED) },
  ]);

  expectRefused(await get(a, 'cart', build, 'remoteEntry.js'));
  expect(await mismatches(a, 'cart')).toBe(before + 1);
  expect(lines.join('')).toContain(`registry: cart build ${build.slice(0, 16)} remoteEntry.js: stored bytes do not match`);
  const untouched = await get(a, 'cart', build, 'app.css');
  expect(untouched.status).toBe(200);
  expect(untouched.bytes.equals(files.get('app.css')!)).toBe(true);
  // The other instance, reading it afresh, says the same.
  expectRefused(await get(b, 'cart', build, 'remoteEntry.js'));
});

test("a build whose stored file list was changed (a file pointed at other stored bytes) is refused whole: the list no longer gives the build's hash", async () => {
  const build = await publishFixture(a.baseUrl, operator, { remote: 'catalog', version: '1.0.0' });
  const row = await a.db.kysely.selectFrom('mfe_build').select('files').where('hash', '=', build).executeTakeFirstOrThrow();
  const list = JSON.parse(row.files) as { path: string; hash: string }[];
  const entry = list.find((file) => file.path === 'remoteEntry.js')!;
  list.find((file) => file.path === 'app.css')!.hash = entry.hash; // a blob that is whole, under another file's name
  await a.db.kysely
    .updateTable('mfe_build')
    .set({ files: JSON.stringify(list) })
    .where('hash', '=', build)
    .execute();
  const before = await mismatches(b, 'catalog');

  const answer = await get(b, 'catalog', build, 'app.css');
  expectRefused(answer, Buffer.from('var catalog'));
  expect(JSON.parse(answer.bytes.toString('utf8')).result).toMatch(/^The file list of catalog build [0-9a-f]{16} does not match/);
  expectRefused(await get(b, 'catalog', build, 'remoteEntry.js'), Buffer.from('var catalog'));
  expect(await mismatches(b, 'catalog')).toBe(before + 1);
});

test("a precompressed twin is served only if it unpacks to its file's published bytes", async () => {
  const content = await publishFixture(a.baseUrl, operator, { remote: 'content', version: '1.0.1' });
  const account = await publishFixture(a.baseUrl, operator, { remote: 'account', version: '1.0.0' });
  const twinOf = async (build: string) => {
    const row = await a.db.kysely.selectFrom('mfe_build').select('files').where('hash', '=', build).executeTakeFirstOrThrow();
    return { list: JSON.parse(row.files) as { path: string; br?: string }[] };
  };
  const contentEntry = (await twinOf(content)).list.find((file) => file.path === 'remoteEntry.js')!;
  const { list } = await twinOf(account);
  expect(contentEntry.br).toBeDefined(); // the fixture's entry is over 1 KB: the registry made its twins
  // The twin pointer is not part of the build hash: point account's at content's (whole bytes, another file's).
  list.find((file) => file.path === 'remoteEntry.js')!.br = contentEntry.br;
  await a.db.kysely
    .updateTable('mfe_build')
    .set({ files: JSON.stringify(list) })
    .where('hash', '=', account)
    .execute();
  expect((await get(b, 'content', content, 'remoteEntry.js', 'br')).headers.get('content-encoding')).toBe('br');
  const before = await mismatches(b, 'account');

  expectRefused(await get(b, 'account', account, 'remoteEntry.js', 'br'), Buffer.from('var content'));
  expect(await mismatches(b, 'account')).toBe(before + 1);
  const plain = await get(b, 'account', account, 'remoteEntry.js');
  expect(plain.status).toBe(200);
  expect(plain.bytes.equals(fixtureBuildFiles({ remote: 'account', version: '1.0.0' }).get('remoteEntry.js')!)).toBe(true);
});
