import { createHash } from 'node:crypto';
import { BUILT_IN_REMOTES, modulesOf, type RemoteName } from '@kaloryfer/contracts/meta';
import { packFiles } from '../build-archive';

export interface FixtureBuildOptions {
  /** A built-in remote (its modules by default) or a registered one (`./app` by default). */
  remote?: RemoteName;
  version?: string;
  variant?: string | null;
  contracts?: string;
  /** What it imports from the contracts (name → the minor that added it), as @kaloryfer/mfe-build records it. */
  contractsUses?: Record<string, string | null>;
  /** The singletons it shares: the version built with and the range it declares. */
  shared?: Record<string, { version: string; requiredVersion: string }>;
  /** The modules its container exposes (by default every one the shell loads of the remote). */
  modules?: readonly string[];
  /** Its server build: renders (ok), throws, takes `slowMs` per render, or none. */
  server?: 'ok' | 'throws' | 'none';
  slowMs?: number;
  /** Words its server render writes, to tell builds apart on a page. */
  marker?: string;
  /** A file the manifest names, left out of the build. */
  leaveOut?: string;
  /** Its ./app chunk's bytes changed after the build (the entry names the old bytes' integrity). */
  tamperChunk?: boolean;
  /** Its first module throws when evaluated (a bug at import time). */
  moduleThrows?: boolean;
  builtAt?: string;
}

/**
 * A small remote build with the real shape (build-info.json, mf-manifest.json, a Module
 * Federation-style container in remoteEntry.js that loads its modules' chunks through
 * <script> elements, a stylesheet, a server build exporting render()) — for the registry's and
 * the gate's tests, which run before any real build exists. The e2e journeys publish real builds.
 */
export function fixtureBuildFiles(options: FixtureBuildOptions = {}): Map<string, Buffer> {
  const remote = options.remote ?? 'content';
  const version = options.version ?? '1.0.0';
  const variant = options.variant ?? null;
  const container = variant ? `${remote}_${variant}` : remote;
  const builtIn = BUILT_IN_REMOTES.find((definition) => definition.name === remote);
  const modules = options.modules ?? (builtIn ? modulesOf(builtIn) : ['./app']);
  const server = options.server ?? 'ok';
  const chunkOf = (module: string) => `chunk-${module.replace(/\W/g, '')}.${version.replace(/\W/g, '')}.js`;
  const chunkText = (module: string) => `(self.__fixtureChunks = self.__fixtureChunks || []).push(${JSON.stringify(`${container} ${module}`)});\n`;
  // As rspack's SubresourceIntegrityPlugin does: the entry knows each chunk's hash.
  const integrities = Object.fromEntries(
    modules.map((module) => [chunkOf(module), `sha384-${createHash('sha384').update(chunkText(module)).digest('base64')}`]),
  );
  const files = new Map<string, Buffer>();
  const put = (name: string, text: string) => files.set(name, Buffer.from(text));
  put(
    'build-info.json',
    JSON.stringify({
      remote,
      container,
      version,
      variant,
      contracts: options.contracts ?? '1.0.0',
      ...(options.contractsUses ? { contractsUses: options.contractsUses } : {}),
      ...(options.shared ? { shared: options.shared } : {}),
      ...(server === 'none' ? {} : { ssr: 'server/render.js' }),
      builtAt: options.builtAt ?? '2026-11-27T10:00:00.000Z',
    }),
  );
  put(
    'mf-manifest.json',
    JSON.stringify({
      id: container,
      name: container,
      metaData: { name: container, remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      shared: [],
      exposes: modules.map((module) => ({
        path: module,
        assets: { js: { sync: [chunkOf(module)], async: [] }, css: { sync: module === './app' ? ['app.css'] : [], async: [] } },
      })),
    }),
  );
  put(
    'remoteEntry.js',
    `var ${container} = (function () {
  var base = document.currentScript.src.replace(/[^/]*$/, '');
  var modules = ${JSON.stringify(Object.fromEntries(modules.map((module) => [module, chunkOf(module)])))};
  var integrities = ${JSON.stringify(integrities)};
  function load(file) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = base + file;
      script.integrity = integrities[file];
      script.crossOrigin = 'anonymous';
      script.onload = resolve;
      script.onerror = function () { reject(new Error('Loading chunk ' + file + ' failed.')); };
      document.head.appendChild(script);
    });
  }
  return {
    init: function () {},
    get: function (module) {
      if (!Object.prototype.hasOwnProperty.call(modules, module)) return Promise.reject(new Error('Module "' + module + '" does not exist in container.'));
      return load(modules[module]).then(function () {
        return function () {
          ${options.moduleThrows ? `if (module === ${JSON.stringify(modules[0])}) throw new Error('a bug at import time');` : ''}
          return { version: ${JSON.stringify(version)} };
        };
      });
    }
  };
})();
`,
  );
  for (const module of modules) put(chunkOf(module), chunkText(module) + (options.tamperChunk && module === modules[0] ? '// changed after the build\n' : ''));
  put('app.css', `.fixture-${container} { color: #b4232a; }\n`);
  if (server !== 'none') {
    put(
      'server/render.js',
      `exports.render = async function (request) {
  ${server === 'throws' ? "throw new Error('the fixture build cannot render');" : ''}
  ${options.slowMs ? `await new Promise(function (resolve) { setTimeout(resolve, ${options.slowMs}); });` : ''}
  return { html: '<p data-fixture="${container} ${version}">${options.marker ?? `${container} ${version}`} ' + request.module + ' ' + request.path + '</p>', status: 200, data: {}, interactive: false };
};
`,
    );
  }
  if (options.leaveOut) files.delete(options.leaveOut);
  return files;
}

export function fixtureArchive(options: FixtureBuildOptions = {}): Promise<Buffer> {
  return packFiles(fixtureBuildFiles(options));
}
