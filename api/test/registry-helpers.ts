import path from 'node:path';
import type { TestServerOptions } from '../harness/test-server';
import { createServerRenderCheck } from '../../shell/server/server-render-check';
import { fixtureArchive, type FixtureBuildOptions } from '../src/registry/testing/fixture-build';

/**
 * The shell a test server's release gate checks builds against, without a page server: the
 * server-render check renders against an API nobody answers (a fixture build's server code needs
 * none), as the registry, canary, signal, experiment and override tests publish builds.
 */
export function shellWithoutPageServer(): NonNullable<TestServerOptions['shell']> {
  return {
    dist: path.resolve(__dirname, '../../shell/dist'),
    serverRender: createServerRenderCheck({
      apiOrigin: 'http://127.0.0.1:9',
      publicOrigin: 'https://sklep.kaloryfer.test',
      budgets: { mainMs: 250, otherMs: 100 },
      homePage: async () => '',
      tries: 1,
    }),
  };
}

/** Publishes a fixture build over the registry's API (as a team's CI does); answers its build id. */
export async function publishFixture(baseUrl: string, token: string, options: FixtureBuildOptions, query = ''): Promise<string> {
  const response = await fetch(`${baseUrl}/registry/v1/remotes/${options.remote}/builds${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
    body: new Uint8Array(await fixtureArchive(options)),
  });
  if (response.status !== 200) throw new Error(`publishing ${options.remote} ${options.version ?? ''}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: { build: { build: string } } }).result.build.build;
}
