import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shopLayout, stringsOf, testCodeInBuilds } from '../lib/shipped-builds';

/** A shop in a temporary folder: one remote with a shipped module and test support, and its build. */
function shopWith(built: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-shipped-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('shared/ui/src/index.ts', "export const shared = 'Dodaj do koszyka, proszę bardzo';\n");
  write('mfe-cart/src/mini-cart.ts', "export const title = 'Twój koszyk jest pusty na razie';\n");
  write(
    'mfe-cart/src/testing/fake-api.ts',
    "export const answer = { name: 'Grzejnik testowy z fałszywego API', short: 'krótki' };\nexport const again = 'Twój koszyk jest pusty na razie';\n",
  );
  write('e2e/builds/failing.ts', 'export const fault = `${"x"}: this build was made to fail on mount`;\n');
  for (const [file, text] of Object.entries(built)) write(path.join('mfe-cart/dist', file), text);
  return root;
}

const problems = (root: string) => testCodeInBuilds(shopLayout(root)).map(({ file, problem }) => `${path.relative(root, file)}: ${problem}`);

test('a clean build: nothing found', () => {
  expect(problems(shopWith({ 'main.js': 'var t="Twój koszyk jest pusty na razie";' }))).toEqual([]);
});

test.each([
  [
    'a fake’s text in a chunk',
    { 'chunk.js': 'x={name:"Grzejnik testowy z fałszywego API"}' },
    'mfe-cart/dist/chunk.js: holds "Grzejnik testowy z fałszywego API" of testing/fake-api.ts',
  ],
  [
    'a test build’s fault',
    { 'remoteEntry.js': 'throw Error(n+": this build was made to fail on mount")' },
    'mfe-cart/dist/remoteEntry.js: holds ": this build was made to fail on mount" of builds/failing.ts',
  ],
  [
    'a test file among a server build’s sources',
    { 'server/render.js.map': JSON.stringify({ version: 3, sources: ['webpack://mfe-cart/src/mini-cart.ts', 'webpack://mfe-cart/src/testing/fake-api.ts'] }) },
    'mfe-cart/dist/server/render.js.map: bundles the test file webpack://mfe-cart/src/testing/fake-api.ts',
  ],
])('%s is found', (_name, built, problem) => {
  expect(problems(shopWith(built))).toEqual([problem]);
});

test('texts a shipped file also writes, and short ones, are no evidence', () => {
  expect(problems(shopWith({ 'main.js': '"Twój koszyk jest pusty na razie";"krótki"' }))).toEqual([]);
});

test('the strings of a file: literals and template parts, not import paths', () => {
  expect(stringsOf('x.ts', "import a from './testing/fake-api-module-path';\nconst b = `Zamówienie ${a} zostało złożone`, c = 'tekst';")).toEqual([
    'Zamówienie ',
    ' zostało złożone',
    'tekst',
  ]);
});
