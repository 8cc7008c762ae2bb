import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRegistry, rebaseOrigins, rollbackRemote, switchRemote } from './registry-file';

const build = (version: string) => ({ name: 'cart', entry: `http://localhost:3002/${version}/mf-manifest.json`, version, contracts: '1.0.0' });
let varDir: string;
beforeEach(() => {
  varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-registry-'));
});
afterEach(() => fs.rmSync(varDir, { recursive: true, force: true }));

describe('registry switches and rollbacks', () => {
  test('each switch can be rolled back, newest first, until nothing is left', () => {
    switchRemote(varDir, 'cart', build('1.0.0'));
    switchRemote(varDir, 'cart', build('1.1.0'));
    switchRemote(varDir, 'catalog', { ...build('2.0.0'), name: 'catalog' });
    expect(readRegistry(varDir).remotes.cart).toEqual(build('1.1.0'));
    expect(rollbackRemote(varDir, 'cart')).toEqual(build('1.0.0'));
    expect(readRegistry(varDir).remotes.cart).toEqual(build('1.0.0'));
    expect(readRegistry(varDir).remotes.catalog).toMatchObject({ version: '2.0.0' });
    expect(rollbackRemote(varDir, 'cart')).toBeNull();
    expect(readRegistry(varDir).remotes.cart).toBeUndefined();
    expect(() => rollbackRemote(varDir, 'cart')).toThrow('nothing to roll back: cart has no earlier registry entry');
  });

  test('writes leave no temporary files behind', () => {
    switchRemote(varDir, 'cart', build('1.0.0'));
    expect(fs.readdirSync(varDir).sort()).toEqual(['mfe-registry-history.json', 'mfe-registry.json']);
  });

  test('origins follow the configured ports, paths stay', () => {
    const rebased = rebaseOrigins(
      {
        remotes: {
          cart: build('1.0.0'),
          checkout: { control: 'a', variants: { a: { ...build('1.0.0-a'), name: 'checkout_a', weight: 50 } } },
        },
      },
      (remote) => (remote === 'cart' ? 'http://127.0.0.1:4302' : 'http://127.0.0.1:4303'),
    );
    expect(rebased.remotes.cart).toMatchObject({ entry: 'http://127.0.0.1:4302/1.0.0/mf-manifest.json' });
    expect(rebased.remotes.checkout).toMatchObject({ variants: { a: { entry: 'http://127.0.0.1:4303/1.0.0-a/mf-manifest.json', weight: 50 } } });
  });
});
