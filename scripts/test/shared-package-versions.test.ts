import fs from 'node:fs';
import { kindOf, nextSurface, runtimeSurface, readSurface, type RuntimeSurface, type SurfaceFile } from '../packages/contracts-surface';
import { pendingBumps, readVersionRecord, sharedPackages, sourceHash } from '../packages/shared-packages';
import { versionProblems, type PackageState } from '../packages/version-rules';

/**
 * The shared packages' versions are honest in this checkout (docs/releasing.md, "Versions and
 * change notes"): every change to a package since its version has a changeset, versions move
 * only through `npm run packages:version`, and @kaloryfer/contracts' surface.json follows what
 * it exports. The rules themselves are table-tested below, so this check can fail.
 */
test('every change to a shared package since its version has a changeset', async () => {
  const packages = sharedPackages().map((pkg) => ({ name: pkg.name, version: pkg.version, source: sourceHash(pkg) }));
  const contracts = packages.find((pkg) => pkg.name === '@kaloryfer/contracts')!;
  const problems = versionProblems({
    packages,
    record: readVersionRecord(),
    bumps: pendingBumps(),
    contracts: { runtime: await runtimeSurface(), surface: readSurface(), version: contracts.version },
  });
  expect(problems).toEqual([]);
});

test('the shared packages build in an order where each comes after what it needs', () => {
  const names = sharedPackages().map((pkg) => pkg.name);
  expect(names.indexOf('@kaloryfer/api-contract')).toBeLessThan(names.indexOf('@kaloryfer/contracts'));
  expect(names.indexOf('@kaloryfer/contracts')).toBeLessThan(names.indexOf('@kaloryfer/ui'));
  expect(names.indexOf('@kaloryfer/domain')).toBeLessThan(names.indexOf('@kaloryfer/ui'));
  expect(names).toContain('@kaloryfer/mfe-build');
});

const ui: PackageState = { name: '@kaloryfer/ui', version: '1.2.0', source: 'sha256-now' };
const recorded = { '@kaloryfer/ui': { version: '1.2.0', source: 'sha256-now' } };
const runtime: RuntimeSurface = { $cart: { kind: 'atom' }, cartAddRequested: { kind: 'channel', channel: 'cart:add-requested' } };
const surface: SurfaceFile = {
  about: '',
  version: '1.2.0',
  exports: { $cart: { since: '1.0', kind: 'atom' }, cartAddRequested: { since: '1.0', kind: 'channel', channel: 'cart:add-requested' } },
};

test.each([
  ['nothing changed', [ui], recorded, [], undefined, []],
  [
    'a changed package without a changeset',
    [{ ...ui, source: 'sha256-edited' }],
    recorded,
    [],
    undefined,
    ['@kaloryfer/ui changed since 1.2.0 and no changeset'],
  ],
  ['a changed package with a changeset', [{ ...ui, source: 'sha256-edited' }], recorded, [['@kaloryfer/ui', 'patch']], undefined, []],
  ['a version changed by hand', [{ ...ui, version: '1.3.0' }], recorded, [], undefined, ['@kaloryfer/ui is at 1.3.0 but was versioned 1.2.0']],
  ['a package never versioned', [ui], {}, [], undefined, ['@kaloryfer/ui is not in shared/versions.json']],
  [
    'a new contracts export without a changeset',
    [],
    {},
    [],
    { ...runtime, compareCleared: { kind: 'channel' } },
    ['exports compareCleared new: a new name is a minor change'],
  ],
  ['a new contracts export with only a patch', [], {}, [['@kaloryfer/contracts', 'patch']], { ...runtime, x: { kind: 'value' } }, ['exports x new']],
  ['a new contracts export with a minor', [], {}, [['@kaloryfer/contracts', 'minor']], { ...runtime, x: { kind: 'value' } }, []],
  [
    'a removed contracts export with a minor',
    [],
    {},
    [['@kaloryfer/contracts', 'minor']],
    { $cart: { kind: 'atom' } },
    ['no longer exports cartAddRequested', 'a major change'],
  ],
  ['a removed contracts export with a major', [], {}, [['@kaloryfer/contracts', 'major']], { $cart: { kind: 'atom' } }, []],
] as const)('%s', (_name, packages, record, bumps, contractsRuntime, expected) => {
  const problems = versionProblems({
    packages: [...packages],
    record: { ...record },
    bumps: new Map(bumps as unknown as [string, 'patch' | 'minor' | 'major'][]),
    contracts: contractsRuntime ? { runtime: contractsRuntime as RuntimeSurface, surface, version: '1.2.0' } : undefined,
  });
  if (expected.length === 0) expect(problems).toEqual([]);
  for (const words of expected) expect(problems.join('\n')).toContain(words);
  if (expected.length > 0) expect(problems.length).toBeGreaterThan(0);
});

describe('surface.json across versions', () => {
  test('a minor records a new name with its minor and keeps the others', () => {
    const next = nextSurface(surface, { ...runtime, compareCleared: { kind: 'channel', channel: 'compare:cleared' } }, '1.3.0');
    expect(next.exports.compareCleared).toEqual({ since: '1.3', kind: 'channel', channel: 'compare:cleared' });
    expect(next.exports.$cart.since).toBe('1.0');
    expect(next.version).toBe('1.3.0');
  });
  test('a minor never drops a name', () => {
    expect(() => nextSurface(surface, { $cart: { kind: 'atom' } }, '1.3.0')).toThrow('drops cartAddRequested');
  });
  test('a major starts the record again', () => {
    const next = nextSurface(surface, { $cart: { kind: 'atom' } }, '2.0.0');
    expect(next.exports).toEqual({ $cart: { since: '2.0', kind: 'atom' } });
  });
  test('what an export is: a channel, an atom, a function or a value', () => {
    expect(kindOf({ name: 'cart:add-requested', emit() {}, on() {} })).toEqual({ kind: 'channel', channel: 'cart:add-requested' });
    expect(kindOf({ get() {}, listen() {} })).toEqual({ kind: 'atom' });
    expect(kindOf(() => 1)).toEqual({ kind: 'function' });
    expect(kindOf(['a'])).toEqual({ kind: 'value' });
  });
  test('the recorded surface names channels by their bus names', () => {
    const file = readSurface();
    expect(file.exports.cartAddRequested).toEqual({ since: '1.0', kind: 'channel', channel: 'cart:add-requested' });
    expect(fs.existsSync(require.resolve('@kaloryfer/contracts/surface.json'))).toBe(true);
  });
});
