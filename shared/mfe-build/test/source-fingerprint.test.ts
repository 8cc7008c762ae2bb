/**
 * build-info.json's `sources` (source-fingerprint.cjs): the same sources give the same
 * fingerprint wherever they lie, and any change to a file that decides the build gives another.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// By its entry point, as a script imports it (package.json exports: ./source-fingerprint).
import { sourceFiles, sourceFingerprint } from '@kaloryfer/mfe-build/source-fingerprint';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kf-fingerprint-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A repository with a remote (`mfe-gallery`) and one shared package, as files. */
function writeRepo(dir: string, files: Record<string, string> = {}): void {
  const all: Record<string, string> = {
    'mfe-gallery/package.json': '{ "name": "mfe-gallery", "version": "1.0.0" }',
    'mfe-gallery/rspack.config.cjs': 'module.exports = {};',
    'mfe-gallery/src/app.exposed.tsx': 'export const app = 1;',
    'mfe-gallery/src/pages/gallery-page.tsx': 'export const GalleryPage = () => null;',
    'mfe-gallery/README.md': '# Gallery',
    'mfe-gallery/dist/remoteEntry.js': 'var gallery;',
    'shared/ui/src/index.ts': 'export const ui = 1;',
    'shared/ui/README.md': '# ui',
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

const fingerprintOf = (dir: string, workspace = true) => sourceFingerprint(path.join(dir, 'mfe-gallery'), { workspace });

test('the same sources give the same fingerprint, wherever the repository lies: 64 hex digits', () => {
  writeRepo(path.join(root, 'one'));
  writeRepo(path.join(root, 'two'));
  expect(fingerprintOf(path.join(root, 'one'))).toMatch(/^[0-9a-f]{64}$/);
  expect(fingerprintOf(path.join(root, 'one'))).toBe(fingerprintOf(path.join(root, 'two')));
  expect(fingerprintOf(path.join(root, 'one'))).toBe(fingerprintOf(path.join(root, 'one')));
});

test.each([
  ['a source changed', { 'mfe-gallery/src/pages/gallery-page.tsx': 'export const GalleryPage = () => 1;' }],
  ['a source added', { 'mfe-gallery/src/pages/new-page.tsx': '' }],
  ['package.json changed', { 'mfe-gallery/package.json': '{ "name": "mfe-gallery", "version": "1.0.1" }' }],
  ['the rspack config changed', { 'mfe-gallery/rspack.config.cjs': 'module.exports = { mode: "development" };' }],
  ['a shared package changed', { 'shared/ui/src/index.ts': 'export const ui = 2;' }],
  ['a shared package gained a file', { 'shared/domain/src/index.ts': 'export {};' }],
])('%s: another fingerprint', (_name, change) => {
  writeRepo(path.join(root, 'before'));
  writeRepo(path.join(root, 'after'), change);
  expect(fingerprintOf(path.join(root, 'after'))).not.toBe(fingerprintOf(path.join(root, 'before')));
});

test('a file moved, with the same bytes: another fingerprint', () => {
  writeRepo(path.join(root, 'before'));
  writeRepo(path.join(root, 'after'));
  fs.renameSync(path.join(root, 'after/mfe-gallery/src/pages/gallery-page.tsx'), path.join(root, 'after/mfe-gallery/src/gallery-page.tsx'));
  expect(fingerprintOf(path.join(root, 'after'))).not.toBe(fingerprintOf(path.join(root, 'before')));
});

test('what does not decide the build leaves it: notes, the build itself, the shared packages outside this repository', () => {
  writeRepo(path.join(root, 'before'));
  writeRepo(path.join(root, 'after'), {
    'mfe-gallery/README.md': '# Gallery, described',
    'mfe-gallery/dist/remoteEntry.js': 'var gallery = {};',
    'shared/ui/README.md': '# ui, described',
  });
  expect(fingerprintOf(path.join(root, 'after'))).toBe(fingerprintOf(path.join(root, 'before')));
  // A team's own repository: the shared packages come from a registry, their version is in package.json.
  writeRepo(path.join(root, 'team'), { 'shared/ui/src/index.ts': 'export const ui = 2;' });
  expect(fingerprintOf(path.join(root, 'team'), false)).toBe(fingerprintOf(path.join(root, 'before'), false));
});

test('the files it reads: the remote’s src, package.json and rspack config, and in the workspace every shared src', () => {
  writeRepo(root);
  const names = (workspace: boolean) =>
    sourceFiles(path.join(root, 'mfe-gallery'), { workspace })
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .sort();
  expect(names(false)).toEqual([
    'mfe-gallery/package.json',
    'mfe-gallery/rspack.config.cjs',
    'mfe-gallery/src/app.exposed.tsx',
    'mfe-gallery/src/pages/gallery-page.tsx',
  ]);
  expect(names(true)).toEqual([...names(false), 'shared/ui/src/index.ts']);
});

test('a remote of this repository: its fingerprint by default reads the shared packages (the build reads their source here)', () => {
  const cart = path.resolve(__dirname, '../../../mfe-cart');
  expect(sourceFingerprint(cart)).toBe(sourceFingerprint(cart, { workspace: true }));
  expect(sourceFingerprint(cart)).not.toBe(sourceFingerprint(cart, { workspace: false }));
});
