import { contractsInstances, CONTRACTS_INSTANCE_ID } from './instance';
import { majorOf } from './meta';

describe('singleton proof', () => {
  test('one evaluated copy registers one instance', () => {
    expect(contractsInstances().map((instance) => instance.id)).toEqual([CONTRACTS_INSTANCE_ID]);
  });

  // The negative check: the e2e test asserts exactly one instance on the composed page. This
  // shows that a second copy (what a mis-shared build would evaluate) is counted, so that
  // assertion would fail for a duplicate.
  test('a second copy of the package is counted as a second instance', () => {
    jest.isolateModules(() => {
      const second = jest.requireActual<typeof import('./instance')>('./instance');
      expect(second.CONTRACTS_INSTANCE_ID).not.toBe(CONTRACTS_INSTANCE_ID);
    });
    expect(contractsInstances()).toHaveLength(2);
  });

  test.each([
    ['1.0.0', 1],
    ['2.3.4-beta.1', 2],
    ['x', Number.NaN],
  ])('majorOf(%s) = %s', (version, major) => {
    expect(majorOf(version)).toEqual(major);
  });

  test('CONTRACTS_VERSION follows the package version', () => {
    const pkg = jest.requireActual<{ version: string }>('../package.json');
    expect(jest.requireActual<typeof import('./version')>('./version').CONTRACTS_VERSION).toBe(pkg.version);
  });
});
