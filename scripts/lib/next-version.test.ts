import { nextVersion, type Bump } from './next-version';

describe('nextVersion: the version --bump gives the next build', () => {
  const cases: { name: string; current: string; taken: string[]; kind: Bump; dev: boolean; next: string }[] = [
    { name: 'a first patch', current: '1.0.0', taken: ['1.0.0'], kind: 'patch', dev: false, next: '1.0.1' },
    { name: 'a minor resets the patch', current: '1.0.3', taken: ['1.0.3'], kind: 'minor', dev: false, next: '1.1.0' },
    { name: 'a major resets both', current: '1.4.2', taken: [], kind: 'major', dev: false, next: '2.0.0' },
    {
      name: 'above the highest published, not the package version',
      current: '1.0.0',
      taken: ['1.0.0', '1.0.1', '1.0.2'],
      kind: 'patch',
      dev: false,
      next: '1.0.3',
    },
    { name: 'versions compare as numbers (1.0.10 > 1.0.9)', current: '1.0.0', taken: ['1.0.9', '1.0.10'], kind: 'patch', dev: false, next: '1.0.11' },
    { name: 'a prerelease is not a release', current: '1.0.0', taken: ['1.0.0', '1.0.1-dev.0', '1.0.1-ci.812'], kind: 'patch', dev: false, next: '1.0.1' },
    { name: 'a taken version is skipped', current: '1.0.0', taken: ['1.0.0', '1.1.0-x', '1.1.0'], kind: 'minor', dev: false, next: '1.2.0' },
    { name: 'dev: the first prerelease', current: '1.0.0', taken: ['1.0.0'], kind: 'patch', dev: true, next: '1.0.1-dev.0' },
    {
      name: 'dev: counts up past the ones taken',
      current: '1.0.0',
      taken: ['1.0.0', '1.0.1-dev.0', '1.0.1-dev.1'],
      kind: 'patch',
      dev: true,
      next: '1.0.1-dev.2',
    },
    { name: 'dev: numbers compare as numbers', current: '1.0.0', taken: ['1.0.1-dev.9', '1.0.1-dev.10'], kind: 'patch', dev: true, next: '1.0.1-dev.11' },
    {
      name: 'dev: after a release, the next version’s prereleases',
      current: '1.0.0',
      taken: ['1.0.1-dev.3', '1.0.1'],
      kind: 'patch',
      dev: true,
      next: '1.0.2-dev.0',
    },
    { name: 'a prerelease current version counts as its release', current: '1.2.0-rc.1', taken: [], kind: 'patch', dev: false, next: '1.2.1' },
    { name: 'nothing published, a build without a usable version', current: 'local', taken: [], kind: 'patch', dev: false, next: '0.0.1' },
  ];
  it.each(cases)('$name: $current with [$taken] --bump $kind → $next', ({ current, taken, kind, dev, next }) => {
    expect(nextVersion({ current, taken, kind, dev })).toBe(next);
  });
});
