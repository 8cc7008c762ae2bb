import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../lib/repo-root';
import { startTestServer, type TestServer } from '../../api/harness/test-server';
import { ensureOperatorToken, operatorTokenFile } from '../lib/local-builds';
import { freePort } from '../lib/postgres-server';
import { recordShop, shopRecordFile } from '../lib/shop-record';

/**
 * The commands find the shop they belong to (issue #52): a shop on a non-default port is found
 * through the VAR_DIR it was started with, and VAR_DIR's operator token goes only to the URL it
 * was recorded with — never to the URL PORT/PUBLIC_HOST name, nor to a --shop naming another
 * shop. A decoy server listens where PORT points and must receive nothing it was not given.
 */
const run = promisify(execFile);
let shop: TestServer;
let token: string;
let decoy: http.Server;
let decoyPort: number;
const decoyRequests: { url: string; authorization: string | undefined }[] = [];
const folders: string[] = [];

beforeAll(async () => {
  shop = await startTestServer();
  token = await ensureOperatorToken(shop.db, operatorTokenFile(shop.varDir), 'the test');
  recordShop(shop.varDir, { url: `${shop.baseUrl}/`, tokenFile: operatorTokenFile(shop.varDir), startedBy: 'npm start', dev: true });
  decoyPort = await freePort();
  decoy = http.createServer((request, response) => {
    decoyRequests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    response.writeHead(401, { 'content-type': 'application/json' }).end('{"code":401,"result":"who are you?"}');
  });
  await new Promise<void>((resolve) => decoy.listen(decoyPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => decoy.close(resolve));
  await shop.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
beforeEach(() => {
  decoyRequests.length = 0;
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run registry -- …` as an operator types it, with PORT and PUBLIC_HOST naming the decoy. */
function registry(env: Record<string, string>, ...args: string[]): Promise<Ran> {
  return command('scripts/registry.ts', env, ...args);
}

async function command(script: string, env: Record<string, string>, ...args: string[]): Promise<Ran> {
  const clean = { ...process.env };
  delete clean.KALORYFER_SHOP_URL;
  delete clean.KALORYFER_REGISTRY_TOKEN;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, script), ...args], {
      cwd: REPO_ROOT,
      env: { ...clean, PORT: String(decoyPort), PUBLIC_HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Ran;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function emptyVarDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-var-'));
  folders.push(folder);
  return folder;
}

test('a shop on another port is found through its VAR_DIR, and the command says which shop it talks to', async () => {
  const ran = await registry({ VAR_DIR: shop.varDir }, 'status');
  expect(ran.stderr).toContain(`shop: ${shop.baseUrl}/ (recorded by npm start in ${shopRecordFile(shop.varDir)})`);
  expect(ran.code).toBe(0);
  expect(ran.stdout).toMatch(/^catalog: nothing live$/m);
  expect(decoyRequests).toEqual([]);
});

test("VAR_DIR's operator token is never sent to a --shop naming another shop", async () => {
  const ran = await registry({ VAR_DIR: shop.varDir }, 'status', '--shop', `http://127.0.0.1:${decoyPort}/`);
  expect(ran.code).toBe(1);
  expect(ran.stderr).toContain(
    `no registry token for http://127.0.0.1:${decoyPort}/ (the operator token in ${shop.varDir} is for ${shop.baseUrl}/ and goes nowhere else)`,
  );
  expect(decoyRequests).toEqual([]);
});

test('with no shop recorded, the command sends nothing to the URL PORT names and says how to point it', async () => {
  const varDir = emptyVarDir();
  // A token file of an older start, without the record: it belongs to no known URL.
  fs.writeFileSync(operatorTokenFile(varDir), `${token}\n`);
  const ran = await registry({ VAR_DIR: varDir }, 'status');
  expect(ran.code).toBe(1);
  expect(ran.stderr).toContain(`no shop recorded in ${shopRecordFile(varDir)} — npm start records its URL and operator token there`);
  expect(ran.stderr).toContain('--shop <url> --token <token>');
  expect(decoyRequests).toEqual([]);
});

test('a recorded shop that is not running: the message names the URL, where it came from and how to point elsewhere', async () => {
  const varDir = emptyVarDir();
  const stopped = `http://127.0.0.1:${await freePort()}/`;
  fs.writeFileSync(operatorTokenFile(varDir), `${token}\n`);
  recordShop(varDir, { url: stopped, tokenFile: operatorTokenFile(varDir), startedBy: 'npm start', dev: true });
  const ran = await registry({ VAR_DIR: varDir }, 'status');
  expect(ran.code).toBe(1);
  expect(ran.stderr).toContain(`${stopped} cannot be reached (`);
  expect(ran.stderr).toContain(`The URL came from recorded by npm start in ${shopRecordFile(varDir)}. Is that shop running?`);
  expect(ran.stderr).toContain('set VAR_DIR to the var folder of the shop you started');
  expect(decoyRequests).toEqual([]);
});

test('a shop and a token given together go together: the given token, not the recorded one, reaches the given shop', async () => {
  const ran = await registry({ VAR_DIR: shop.varDir, KALORYFER_SHOP_URL: `http://127.0.0.1:${decoyPort}/`, KALORYFER_REGISTRY_TOKEN: 'kf_given' }, 'status');
  expect(ran.code).toBe(1);
  expect(ran.stderr).toContain(`shop: http://127.0.0.1:${decoyPort}/ (KALORYFER_SHOP_URL)`);
  expect(decoyRequests).toEqual([{ url: '/registry/v1/status', authorization: 'Bearer kf_given' }]);
  expect(JSON.stringify(decoyRequests)).not.toContain(token);
});

test('the recorded URL with --shop takes the recorded token (the same shop, named explicitly)', async () => {
  const ran = await registry({ VAR_DIR: shop.varDir }, 'status', '--shop', shop.baseUrl);
  expect(ran.code).toBe(0);
  expect(ran.stderr).toContain(`shop: ${shop.baseUrl}/ (--shop)`);
  expect(decoyRequests).toEqual([]);
});

test('catalog:import --shop finds the recorded shop, and one that is not running is said at once with where its URL came from', async () => {
  const file = path.join(emptyVarDir(), 'ceny.csv');
  fs.writeFileSync(file, 'sku;price\nKF-NONE;100\n');
  const history = await command('scripts/catalog-import.ts', { VAR_DIR: shop.varDir }, 'history', '--shop');
  expect(history.stdout).toContain(`shop: ${shop.baseUrl}/ (recorded by npm start in ${shopRecordFile(shop.varDir)})`);
  expect(history.stdout).toContain('no imports yet');
  expect(history.code).toBe(0);

  const varDir = emptyVarDir();
  const stopped = `http://127.0.0.1:${await freePort()}/`;
  fs.writeFileSync(operatorTokenFile(varDir), `${token}\n`);
  recordShop(varDir, { url: stopped, tokenFile: operatorTokenFile(varDir), startedBy: 'npm start', dev: true });
  const ran = await command('scripts/catalog-import.ts', { VAR_DIR: varDir }, file, '--shop');
  expect(ran.code).toBe(1);
  expect(ran.stderr).toContain(`${stopped} cannot be reached (`);
  expect(ran.stderr).toContain(`The URL came from recorded by npm start in ${shopRecordFile(varDir)}.`);
  expect(ran.stderr).not.toContain('may or may not have arrived');
  expect(decoyRequests).toEqual([]);
});
