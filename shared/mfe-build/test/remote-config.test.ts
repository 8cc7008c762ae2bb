/**
 * A remote's browser build (index.cjs, createRemoteConfig): its mf-manifest.json carries the
 * version its build-info.json does, and Module Federation's note about publicPath 'auto' — the
 * shop's design — is not printed, while the plugin's other messages are. The configuration is
 * made in a Node process of its own (remote-config-probe.cjs): @rspack/core is an ES module.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const CART_VERSION = (require('../../../mfe-cart/package.json') as { version: string }).version;

interface Probe {
  publicPath: string;
  buildInfoVersion: string;
  manifestMetaData: { name: string; publicPath: string; buildInfo: { buildVersion: string; buildName: string } };
  printed: string;
}

function probe(remoteVersion: string | undefined): Probe {
  const env = { ...process.env };
  delete env.REMOTE_VERSION;
  if (remoteVersion !== undefined) env.REMOTE_VERSION = remoteVersion;
  return JSON.parse(execFileSync(process.execPath, [path.join(__dirname, 'remote-config-probe.cjs')], { env, encoding: 'utf8' })) as Probe;
}

test.each([
  ['REMOTE_VERSION=1.0.7', '1.0.7', '1.0.7'],
  ['a prerelease', '1.0.7-ci.812', '1.0.7-ci.812'],
  ["the package's version", undefined, CART_VERSION],
])(
  "the manifest's buildVersion is build-info.json's version: %s",
  (_name, remoteVersion, expected) => {
    const { buildInfoVersion, manifestMetaData } = probe(remoteVersion);
    expect(buildInfoVersion).toBe(expected);
    expect(manifestMetaData.buildInfo.buildVersion).toBe(buildInfoVersion);
    // Nothing else of the manifest's metaData changes.
    expect(manifestMetaData).toEqual({ name: 'cart', publicPath: 'auto', buildInfo: { buildVersion: expected, buildName: 'mfe-cart' } });
  },
  30_000,
);

test("the federation plugin's note on publicPath 'auto' is not printed; its other messages are", () => {
  const { publicPath, printed } = probe('1.0.7');
  expect(publicPath).toBe('auto');
  expect(printed).not.toMatch(/\[Module Federation Manifest Plugin\].*absolute path resolution/);
  expect(printed).toContain('[Module Federation Manifest Plugin] [ Module Federation Manifest Plugin ] Manifest will not generate');
  expect(printed).toContain("[another plugin] Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'");
}, 30_000);
