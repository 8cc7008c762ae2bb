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
  /**
   * Its server build: renders (ok), throws, takes `slowMs` per render, or none. One that throws
   * does so in a dependency called from the team's page (`mfe-content/src/pages/page.tsx:42:7`
   * through its `server/render.js.map`, as @kaloryfer/mfe-build writes one).
   */
  server?: 'ok' | 'throws' | 'none';
  slowMs?: number;
  /**
   * A path of the API its server render reads first, as a remote's page reads its data:
   * `{name}` is the matched route's parameter (`/api/product-view/{parentSku}`); on a route
   * without it the render reads nothing. Its answer's status is written into the HTML.
   */
  fetches?: string;
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
  if (server === 'throws') {
    put('server/render.js', THROWING_RENDER);
    put('server/render.js.map', JSON.stringify(THROWING_RENDER_MAP));
  } else if (server !== 'none') {
    put(
      'server/render.js',
      `exports.render = async function (request) {
  ${options.slowMs ? `await new Promise(function (resolve) { setTimeout(resolve, ${options.slowMs}); });` : ''}
  var read = '';
  ${
    options.fetches
      ? `var params = (request.route && request.route.params) || {};
  var missing = false;
  var path = ${JSON.stringify(options.fetches)}.replace(/\\{(\\w+)\\}/g, function (_, name) { if (params[name] === undefined) missing = true; return encodeURIComponent(params[name] || ''); });
  if (!missing) read = ' read ' + (await fetch(request.apiOrigin + path)).status;`
      : ''
  }
  return { html: '<p data-fixture="${container} ${version}">${options.marker ?? `${container} ${version}`} ' + request.module + ' ' + request.path + read + '</p>', status: 200, data: {}, interactive: false };
};
`,
    );
  }
  if (options.leaveOut) files.delete(options.leaveOut);
  return files;
}

/**
 * A server build whose render throws in a dependency (`formatPath`, from node_modules) called by
 * the team's page (`pageHtml`, mfe-content/src/pages/page.tsx line 42) — with its source map.
 */
const THROWING_RENDER = `exports.render = async function (request) {
  return renderPage(request);
};
function renderPage(request) {
  return { html: pageHtml(request.path), status: 200, data: {}, interactive: false };
}
function pageHtml(path) {
  return '<p>' + formatPath(path) + '</p>';
}
function formatPath(path) {
  throw new TypeError('the fixture build cannot render');
}
//# sourceMappingURL=render.js.map
`;

/** Each line of THROWING_RENDER (from its first column on) → [source, line, column] of its original, 1-based. */
const THROWING_RENDER_ORIGINS: [number, number, number][] = [
  [0, 5, 1],
  [0, 6, 3],
  [0, 7, 1],
  [1, 40, 1],
  [1, 41, 3],
  [1, 42, 1],
  [1, 42, 1],
  [1, 42, 7],
  [1, 43, 1],
  [2, 3, 1],
  [2, 4, 9],
  [2, 5, 1],
];

const base64Vlq = (value: number): string => {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let text = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    text += digits[digit];
  } while (rest > 0);
  return text;
};

const THROWING_RENDER_MAP = {
  version: 3,
  file: 'render.js',
  sources: [
    'webpack://mfe-content/./src/server.tsx',
    'webpack://mfe-content/./src/pages/page.tsx',
    'webpack://mfe-content/../node_modules/path-format/index.js',
  ],
  names: [],
  // One segment per line, at its first column: fields relative to the previous segment's.
  mappings: THROWING_RENDER_ORIGINS.map(([source, line, column], index) => {
    const [lastSource, lastLine, lastColumn] = index === 0 ? [0, 1, 1] : THROWING_RENDER_ORIGINS[index - 1];
    return [0, source - lastSource, line - lastLine, column - lastColumn].map(base64Vlq).join('');
  }).join(';'),
};

export function fixtureArchive(options: FixtureBuildOptions = {}): Promise<Buffer> {
  return packFiles(fixtureBuildFiles(options));
}
