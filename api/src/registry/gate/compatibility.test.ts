import { contractsVerdict, sharedVerdict, type SurfaceEntry } from './compatibility';

/** A shell on contracts 1.2: its surface as its surface.json would record it. */
const SURFACE: Record<string, SurfaceEntry> = {
  $cart: { since: '1.0', kind: 'atom' },
  cartAddRequested: { since: '1.0', kind: 'channel', channel: 'cart:add-requested' },
  linkTo: { since: '1.0', kind: 'function' },
  compareClearRequested: { since: '1.2', kind: 'channel', channel: 'compare:clear-requested' },
};
const shell = { version: '1.2.0', surface: SURFACE };

describe('contracts: the names a build imports must be in the shell’s copy', () => {
  test.each([
    [
      'the same version, names known',
      { contracts: '1.2.0', contractsUses: { $cart: '1.0', linkTo: '1.0' } },
      shell,
      true,
      /uses 2 of its names, all in the shell's 1\.2\.0/,
    ],
    ['an older minor', { contracts: '1.0.3', contractsUses: { $cart: '1.0' } }, shell, true, /all in the shell's 1\.2\.0$/],
    ['a newer minor using nothing new', { contracts: '1.4.0', contractsUses: { cartAddRequested: '1.0' } }, shell, true, /a newer minor, nothing new used/],
    [
      'a newer minor using a channel and an atom the shell lacks',
      { contracts: '1.4.0', contractsUses: { $cart: '1.0', galleryOpened: '1.3', $gallery: '1.4' } },
      shell,
      false,
      /needs what the shell's 1\.2\.0 lacks: atom \$gallery \(added in 1\.4\); galleryOpened \(added in 1\.3\) — release a shell built with contracts 1\.4\.0 first/,
    ],
    ['another major', { contracts: '2.0.0', contractsUses: {} }, shell, false, /another major cannot talk to this shell \(release a shell on 2\.x first\)/],
    ['an older major', { contracts: '0.9.0' }, shell, false, /another major/],
    ['a newer minor without its uses', { contracts: '1.3.0' }, shell, false, /does not say what it uses/],
    ['the same minor without its uses (a build from before they were recorded)', { contracts: '1.2.1' }, shell, true, /the shell speaks 1\.2\.0/],
    [
      'a name its own contracts did not have (a namespace import of a newer package)',
      { contracts: '1.2.0', contractsUses: { notAThing: null } },
      shell,
      false,
      /notAThing/,
    ],
    [
      'a shell without a surface record: a name newer than its minor is refused',
      { contracts: '1.3.0', contractsUses: { $cart: '1.0', galleryOpened: '1.3' } },
      { version: '1.2.0', surface: null },
      false,
      /galleryOpened/,
    ],
    [
      'a shell without a surface record: names up to its minor pass',
      { contracts: '1.3.0', contractsUses: { $cart: '1.0', compareClearRequested: '1.2' } },
      { version: '1.2.0', surface: null },
      true,
      /uses 2/,
    ],
  ])('%s', (_name, build, theShell, ok, detail) => {
    const verdict = contractsVerdict(build, theShell);
    expect(verdict.ok).toBe(ok);
    expect(verdict.detail).toMatch(detail);
  });

  test('a channel the shell lacks is named by its bus name when the shell knows it from another version', () => {
    const verdict = contractsVerdict(
      { contracts: '1.4.0', contractsUses: { compareClearRequested: '1.2' } },
      { version: '1.1.0', surface: { $cart: SURFACE.$cart } },
    );
    expect(verdict).toEqual({ ok: false, detail: expect.stringContaining('compareClearRequested (added in 1.2)') });
  });
});

describe('shared: the shell’s copy of each singleton within the range the build declares', () => {
  const shellShared = { react: '19.3.1', 'react-dom': '19.3.1', nanostores: '1.5.5', i18next: '26.7.2', '@kaloryfer/contracts': '1.2.0' };
  const declared = (range: string, version = '19.3.1') => ({ version, requiredVersion: range });
  test.each([
    ['React within ^19.2.0', { react: declared('^19.2.0') }, true, /1 singletons within the build's ranges: react 19\.3\.1/],
    ['React 20 asked, 19 shared', { react: declared('^20.0.0', '20.0.1') }, false, /react \^20\.0\.0 \(built with 20\.0\.1\), the shell shares 19\.3\.1/],
    ['an older React asked with a caret', { react: declared('^18.2.0', '18.3.1') }, false, /the shell shares 19\.3\.1/],
    [
      'nanostores ~1.5 and i18next ^26',
      { nanostores: declared('~1.5.0', '1.5.5'), i18next: declared('^26.7.0', '26.7.2') },
      true,
      /nanostores 1\.5\.5, i18next 26\.7\.2/,
    ],
    [
      'a contracts range the shell is below: judged by name in the contracts check, not here',
      { '@kaloryfer/contracts': declared('^1.4.0', '1.4.0') },
      true,
      /0 singletons/,
    ],
    ['a singleton the shell does not share (the build brings its own)', { 'single-spa': declared('^6.0.0', '6.0.3') }, true, /0 singletons/],
    ['a range that is no range', { react: declared('latest') }, false, /"latest" is no version range/],
  ])('%s', (_name, shared, ok, detail) => {
    const verdict = sharedVerdict({ shared }, shellShared);
    expect(verdict.ok).toBe(ok);
    expect(verdict.detail).toMatch(detail);
  });

  test('a build from before ranges were recorded, or a shell whose share scope is unknown, is let through and says so', () => {
    expect(sharedVerdict({}, shellShared)).toEqual({ ok: true, detail: expect.stringContaining('declares no shared ranges') });
    expect(sharedVerdict({ shared: { react: declared('^20.0.0') } }, null)).toEqual({ ok: true, detail: expect.stringContaining('unknown here') });
  });
});
