import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distFoldersOf, publishBuild } from './publish';
import { readRegistry, rollbackRemote } from './registry-file';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-publish-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function fakeBuild(folder: string, info: { remote: string; container: string; version: string; variant: string | null; ssr?: string }) {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'build-info.json'), JSON.stringify({ ...info, contracts: '1.0.0', builtAt: 'now' }));
  fs.writeFileSync(path.join(folder, 'mf-manifest.json'), '{}');
  if (info.ssr) {
    fs.mkdirSync(path.join(folder, 'server'), { recursive: true });
    fs.writeFileSync(path.join(folder, info.ssr), `exports.version = ${JSON.stringify(info.version)};`);
  }
  return folder;
}

test('a single build is copied under its version and becomes the registry entry', () => {
  const dist = fakeBuild(path.join(root, 'mfe-cart/dist'), { remote: 'cart', container: 'cart', version: '1.2.0', variant: null });
  const varDir = path.join(root, 'var');
  publishBuild({ varDir, distDir: dist, origin: 'http://localhost:3002' });
  expect(fs.existsSync(path.join(varDir, 'cdn/cart/1.2.0/mf-manifest.json'))).toBe(true);
  expect(readRegistry(varDir).remotes.cart).toMatchObject({ name: 'cart', version: '1.2.0', entry: 'http://localhost:3002/1.2.0/mf-manifest.json' });
});

test('variants: the first published is the control; weights are kept on re-release', () => {
  const dist = path.join(root, 'mfe-checkout/dist');
  fakeBuild(path.join(dist, 'a'), { remote: 'checkout', container: 'checkout_a', version: '1.0.0', variant: 'a' });
  fakeBuild(path.join(dist, 'b'), { remote: 'checkout', container: 'checkout_b', version: '1.0.0', variant: 'b' });
  const varDir = path.join(root, 'var');
  const folders = distFoldersOf(path.join(root, 'mfe-checkout'));
  expect(folders.map((folder) => path.basename(folder))).toEqual(['a', 'b']);
  publishBuild({ varDir, distDir: folders[0], origin: 'http://localhost:3003' });
  publishBuild({ varDir, distDir: folders[1], origin: 'http://localhost:3003', weight: 20 });
  publishBuild({ varDir, distDir: folders[1], origin: 'http://localhost:3003' });
  expect(readRegistry(varDir).remotes.checkout).toMatchObject({
    control: 'a',
    variants: {
      a: { name: 'checkout_a', weight: 50, entry: 'http://localhost:3003/1.0.0-a/mf-manifest.json' },
      b: { name: 'checkout_b', weight: 20, entry: 'http://localhost:3003/1.0.0-b/mf-manifest.json' },
    },
  });
});

test('a folder without a build is refused with a hint', () => {
  expect(() => publishBuild({ varDir: root, distDir: path.join(root, 'empty'), origin: 'http://x' })).toThrow('build the remote first');
});

test('a build with a server render: both are published together, and a rollback restores both', () => {
  const varDir = path.join(root, 'var');
  const build = (version: string) =>
    fakeBuild(path.join(root, `content-${version}`), { remote: 'content', container: 'content', version, variant: null, ssr: 'server/render.js' });
  publishBuild({ varDir, distDir: build('1.0.0'), origin: 'http://localhost:3005' });
  publishBuild({ varDir, distDir: build('1.1.0'), origin: 'http://localhost:3005' });
  expect(readRegistry(varDir).remotes.content).toMatchObject({
    version: '1.1.0',
    entry: 'http://localhost:3005/1.1.0/mf-manifest.json',
    ssr: 'http://localhost:3005/1.1.0/server/render.js',
  });
  expect(fs.readFileSync(path.join(varDir, 'cdn/content/1.1.0/server/render.js'), 'utf8')).toContain('1.1.0');
  rollbackRemote(varDir, 'content');
  expect(readRegistry(varDir).remotes.content).toMatchObject({
    version: '1.0.0',
    entry: 'http://localhost:3005/1.0.0/mf-manifest.json',
    ssr: 'http://localhost:3005/1.0.0/server/render.js',
  });
});
