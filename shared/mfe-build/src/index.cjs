// One rspack + Module Federation configuration for the shell and every remote, so the list
// of shared singletons and the output rules cannot drift between teams.
const path = require('node:path');
const fs = require('node:fs');
const { rspack } = require('@rspack/core');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { RouteChunksPlugin } = require('./route-chunks-plugin.cjs');
const { ContractUsesPlugin, declaredShared, installedVersion, packageNameOf } = require('./compatibility.cjs');
const { sourceFingerprint } = require('./source-fingerprint.cjs');

/**
 * Inside the shop's repository the shared packages are workspace folders: a build reads their
 * source (the `@kaloryfer/source` export condition, docs/architecture.md "Shared packages"), so a
 * change to shared/ui reaches the next build without publishing. A team's remote in a repository
 * of its own installs them from a registry and gets their published dist/ — this file is then in
 * node_modules, and the condition is left out.
 */
const SOURCE_CONDITION = '@kaloryfer/source';
const inWorkspace = !fs.realpathSync(__dirname).split(path.sep).includes('node_modules');
const sourceConditions = inWorkspace ? [SOURCE_CONDITION] : [];

/**
 * Stateful or heavy modules that must exist once on the page (docs/architecture.md). rxjs is not
 * among them: only @kaloryfer/contracts uses it (the bus), and sharing the singleton contracts
 * shares its one Subject — with just the few rxjs pieces it needs, where a shared rxjs would
 * send the whole package (~13 KB gz) to every first visit (Module Federation cannot tree-shake
 * a shared package). docs/performance.md.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'nanostores',
  '@nanostores/react',
  '@kaloryfer/contracts',
  '@kaloryfer/i18n',
];

/**
 * rspack's own export conditions per kind of import, after the shared packages' source in the workspace.
 * `es2015` first for ES imports: rxjs (the contracts' bus) sends its ES2015 build under it instead of
 * its ES5 one, which would bring tslib and ES5 class code to every first visit (~0.8 KB gz,
 * docs/performance.md). rxjs is the only package installed here with that condition; its `node` and
 * `require` come before it, so a server build (target node) still gets its CommonJS (jest resolves
 * by its own conditions: jest/preset.cjs).
 */
function sourceFirst() {
  return {
    esm: { conditionNames: [...sourceConditions, 'es2015', 'import', 'module', '...'] },
    commonjs: { conditionNames: [...sourceConditions, 'require', 'module', '...'] },
  };
}

/**
 * No `requiredVersion` at run time: every container would run Module Federation's semver matcher
 * (regular expressions built per call) for each shared module it consumes — ~60 ms of a phone's
 * main thread (4× CPU slowdown) in the shell's start alone, for a console warning a shopper never
 * reads. The ranges are declared all the same — each remote's build-info.json lists every
 * singleton with the range its package.json asks for (`shared`, compatibility.cjs) — and the
 * shop's release gate refuses a build whose range the shell's copy does not satisfy, before any
 * shopper loads it (docs/releasing.md, "Compatibility").
 */
function sharedSingletons(dir) {
  return Object.fromEntries(
    SINGLETONS.map((request) => {
      const version = installedVersion(packageNameOf(request), dir);
      return [request, { singleton: true, requiredVersion: false, version }];
    }),
  );
}

function contractsVersion(dir) {
  return installedVersion('@kaloryfer/contracts', dir);
}

/** A remote's or the shell's dictionaries: `src/i18n/pl-PL.ts`, `shell.de-DE.ts`, shared/i18n's `locales/messages.it-IT.ts`. */
const DICTIONARY_RULE = {
  test: /[\\/](?:i18n|locales)[\\/](?:[\w-]+\.)?[a-z]{2}-[A-Z]{2}\.ts$/,
  exclude: /node_modules/,
  loader: require.resolve('./dictionary-json-loader.cjs'),
};

function baseConfig({ dir, mode, outDir, uniqueName }) {
  const production = mode === 'production';
  const bundlerRuntime = require.resolve('@module-federation/webpack-bundler-runtime', { paths: [dir] });
  return {
    context: dir,
    mode,
    target: ['web', 'es2020'],
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      byDependency: sourceFirst(),
      // Module Federation's runtime imports its bundler runtime by the CommonJS file, which nothing
      // can tree-shake: its ES build lets the bundler drop what this shop switches off (snapshots,
      // manifests, Node code) from every remote entry and from the shell.
      alias: {
        [bundlerRuntime.replace(/\.cjs$/, '.cjs$')]: bundlerRuntime.replace(/\.cjs$/, '.js'),
      },
    },
    module: {
      rules: [
        // Listed before swc, so it runs after it: a dictionary's words reach the browser as
        // JSON.parse('…') (dictionary-json-loader.cjs; docs/performance.md).
        DICTIONARY_RULE,
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            // `bugfixes`: Safari < 16.3 mishandles one pattern of parameters (a named function
            // expression whose destructured parameter binds its own name); without it every default,
            // rest and destructured parameter of the shop's code is rewritten for all browsers
            // (`arguments` loops, ~0.5 KB gz of a first visit), with it just that pattern is renamed
            // — as Babel's preset-env does with the same option. Packages in node_modules are not
            // compiled here and reach the same browsers with their parameters as written anyway.
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15', bugfixes: true },
          },
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    // The shared packages split into chunks the same way whether a build reads their source here
    // or their published dist/ from node_modules (a team's own repository): rspack's default
    // `defaultVendors` group would take every node_modules module — @kaloryfer's too — into
    // chunks of its own, and a team's build would be chunked differently from this one's.
    // rxjs stays with the contracts too, its only user (the bus): one request less on every page.
    optimization: {
      splitChunks: {
        cacheGroups: {
          defaultVendors: { test: /[\\/]node_modules[\\/](?!@kaloryfer[\\/]|rxjs[\\/])/, idHint: 'vendors', priority: -10, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [new EsModuleFederationRuntimePlugin()],
  };
}

/**
 * Module Federation's generated runtime requires its bundler runtime by its CommonJS file, which
 * drags every runtime module in as CommonJS: nothing of it can be tree-shaken, so the shell and
 * every remote entry would carry all of it (manifest snapshots, preloading, Node code) though
 * this shop switches those off. Each of its files is swapped for its ES twin once resolved.
 */
class EsModuleFederationRuntimePlugin {
  apply(compiler) {
    const cjs = /[\\/]node_modules[\\/]@module-federation[\\/][\w-]+[\\/]dist[\\/].*\.cjs$/;
    const esTwin = (file) => {
      const esm = file.replace(/\.cjs$/, '.js');
      return fs.existsSync(esm) ? esm : file;
    };
    // The federation plugin pins its runtime packages by alias to their CommonJS files.
    compiler.hooks.afterEnvironment.tap('EsModuleFederationRuntime', () => {
      const alias = compiler.options.resolve.alias;
      if (!alias || Array.isArray(alias)) return;
      for (const [name, target] of Object.entries(alias)) {
        if (typeof target === 'string' && cjs.test(target)) alias[name] = esTwin(target);
      }
    });
    compiler.hooks.normalModuleFactory.tap('EsModuleFederationRuntime', (factory) => {
      factory.hooks.beforeResolve.tap('EsModuleFederationRuntime', (data) => {
        if (path.isAbsolute(data.request) && cjs.test(data.request)) data.request = esTwin(data.request);
      });
    });
  }
}

/**
 * Writes build-info.json next to the manifest: what the release command and the registry read —
 * which remote and version, what the build needs of the page (compatibility.cjs), and `sources`:
 * the fingerprint of the sources it was built from (source-fingerprint.cjs).
 */
class BuildInfoPlugin {
  constructor(info, dir) {
    this.info = info;
    this.dir = dir;
    this.contractUses = new ContractUsesPlugin();
  }
  apply(compiler) {
    this.contractUses.apply(compiler);
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap('BuildInfoPlugin', () => {
        const info = {
          ...this.info,
          contractsUses: this.contractUses.uses(this.dir),
          shared: declaredShared(SINGLETONS, this.dir),
          sources: sourceFingerprint(this.dir),
        };
        const json = JSON.stringify({ ...info, builtAt: new Date().toISOString() }, null, 2);
        compilation.emitAsset('build-info.json', new rspack.sources.RawSource(json));
      });
    });
  }
}

/**
 * Writes the shell's share-scope.json: each singleton it shares on every page, by package, with
 * the version its build carries — what the shop's release gate holds a remote's declared ranges
 * against (docs/releasing.md, "Compatibility"). Not served to browsers: the page server reads it.
 */
class ShareScopePlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ShareScopePlugin', (compilation) => {
      compilation.hooks.processAssets.tap('ShareScopePlugin', () => {
        const shared = Object.fromEntries(Object.entries(declaredShared(SINGLETONS, this.dir)).map(([name, { version }]) => [name, version]));
        compilation.emitAsset('share-scope.json', new rspack.sources.RawSource(JSON.stringify({ shared }, null, 2)));
      });
    });
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every script, stylesheet and SVG over 1 KB, at the
 * strongest settings (done once per build, not per request): the servers send them to browsers
 * that accept them. Uncompressed, the shell's first load was ~550 KB instead of ~170 KB.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (!/\.(js|css|svg)$/.test(name)) continue;
          const raw = Buffer.from(compilation.getAsset(name).source.buffer());
          if (raw.length <= 1024) continue;
          const brotli = zlib.brotliCompressSync(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(brotli));
          compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(zlib.gzipSync(raw, { level: 9 })));
        }
      });
    });
  }
}

/**
 * Module Federation's manifest plugin says, for every remote build, "Manifest will use absolute
 * path resolution via its host at runtime, reason: publicPath='auto'" (@module-federation/manifest,
 * StatsManager.validate: any `output.publicPath` of 'auto', whatever the other options). That is
 * this shop's design, not a slip: a remote's files live wherever the registry puts them
 * (/mfe/<remote>/<build>/…, or a team's origin), so its publicPath stays 'auto' and the host
 * resolves the manifest's files against the address it loaded it from. The plugin has no option
 * that says so, and the message is an infrastructure log, not a compilation warning
 * (`ignoreWarnings` never sees it): this drops exactly that one message of that one plugin through
 * rspack's own hook for it (`infrastructureLog`, a bail hook: returning true swallows the entry).
 * Any other message of the plugin — "Manifest will not generate, because publicPath…" among
 * them — still prints. Applied before the federation plugin, which logs as it is applied.
 */
class ExpectedManifestPublicPathPlugin {
  static LOGGER = 'Module Federation Manifest Plugin';
  static MESSAGE = /^Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'$/;
  apply(compiler) {
    const { LOGGER, MESSAGE } = ExpectedManifestPublicPathPlugin;
    compiler.hooks.infrastructureLog.tap('ExpectedManifestPublicPathPlugin', (name, type, args) => {
      if (name === LOGGER && type === 'warn' && args.some((arg) => typeof arg === 'string' && MESSAGE.test(arg))) return true;
      return undefined;
    });
  }
}

/**
 * The manifest's `metaData.buildInfo.buildVersion` (mf-manifest.json and mf-stats.json) is the
 * build's version — what build-info.json says (`REMOTE_VERSION`, else the package's). Left to
 * itself the plugin writes `MF_BUILD_VERSION` or the package.json version: a 1.0.1 build would
 * call itself 1.0.0. Its `manifest.additionalData` hook edits the stats the manifest is made from.
 */
function manifestWithBuildVersion(version) {
  return {
    additionalData: ({ stats }) => withBuildVersion(stats, version),
  };
}

/** The federation stats (or manifest) with `metaData.buildInfo.buildVersion` set to `version`. */
function withBuildVersion(stats, version) {
  const metaData = stats.metaData ?? {};
  return { ...stats, metaData: { ...metaData, buildInfo: { ...metaData.buildInfo, buildVersion: version } } };
}

const readPackage = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** Where a remote's build goes: dist/ (or REMOTE_OUT_DIR), one folder per A/B variant. */
function remoteBuild({ dir, remote, variant, server }) {
  const pkg = readPackage(dir);
  const version = process.env.REMOTE_VERSION || pkg.version;
  const container = variant ? `${remote}_${variant}` : remote;
  const outDir = process.env.REMOTE_OUT_DIR ? path.resolve(process.env.REMOTE_OUT_DIR, variant || '') : path.join(dir, 'dist', variant || '');
  const info = {
    remote,
    container,
    version,
    variant: variant || null,
    contracts: contractsVersion(dir),
    // The server build beside the browser build: published, released and rolled back with it.
    ...(server ? { ssr: `${SERVER_DIR}/${SERVER_FILE}` } : {}),
  };
  return { outDir, info };
}

/**
 * A static part's module (`*.static.tsx`) never reaches a browser as itself: the browser build
 * puts a stand-in in its place (static-part-loader.cjs), and the module itself (`?full`) becomes
 * a chunk loaded only for a render without the server's HTML. The server build keeps it as is.
 */
const STATIC_PART_RULE = {
  test: /\.static\.tsx$/,
  resourceQuery: { not: [/full/] },
  enforce: 'pre',
  loader: require.resolve('./static-part-loader.cjs'),
};

const SERVER_DIR = 'server';
const SERVER_FILE = 'render.js';

/**
 * A remote: exposes ./app (single-spa lifecycles) and widgets; emits mf-manifest.json and
 * build-info.json. `variant` builds one A/B variant into dist/<variant> with its own container
 * name, so the shell can fall back from one variant to the other on the same page. A remote
 * with a `server` module also gets its server build (createRemoteServerConfig), so its rspack
 * config returns both.
 */
function createRemoteConfig({ dir, remote, exposes, variant, server }, argv = {}) {
  const mode = argv.mode || 'production';
  const { outDir, info } = remoteBuild({ dir, remote, variant, server });
  const config = baseConfig({ dir, mode, outDir, uniqueName: `kaloryfer_${info.container}` });
  // The server build writes into server/ of the same folder: the browser build leaves it be.
  config.output.clean = { keep: (file) => path.relative(outDir, file).split(path.sep)[0] === SERVER_DIR };
  const browser = {
    ...config,
    name: info.container,
    entry: {},
    module: { ...config.module, rules: [...config.module.rules, STATIC_PART_RULE] },
    // Each chunk the entry loads carries the integrity hash of its bytes (the entry itself gets
    // its hash from the registry: docs/releasing.md), fetched with CORS as the browser requires.
    output: { ...config.output, crossOriginLoading: 'anonymous' },
    plugins: [
      ...config.plugins,
      new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: true }),
      new rspack.DefinePlugin({ __REMOTE_BUILD__: JSON.stringify(info) }),
      new ExpectedManifestPublicPathPlugin(),
      new ModuleFederationPlugin({
        name: info.container,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(dir),
        shareStrategy: 'loaded-first',
        manifest: manifestWithBuildVersion(info.version),
        dts: false,
        experiments: { externalRuntime: true, optimization: { disableSnapshot: true, disableRemote: true, target: 'web' } },
      }),
      new BuildInfoPlugin(info, dir),
      new RouteChunksPlugin({ uniqueName: config.output.uniqueName }),
      ...(mode === 'production' ? [new PrecompressPlugin()] : []),
    ],
  };
  return server ? [browser, createRemoteServerConfig({ dir, remote, variant, server }, argv)] : [browser];
}

/**
 * A remote's server build (docs/rendering.md): one CommonJS file for Node, `server/render.js`,
 * exporting `render(request)`. It bundles what it uses (React's server renderer included), so
 * the shell's page server can load any version of it at run time; styles are left to the
 * browser build (the page server inlines the route's CSS from the manifest).
 *
 * With its source map, `server/render.js.map`, published in the build beside it: when a render
 * throws, the release gate names the line of the team's own source it came from
 * (`mfe-cart/src/cart-page.tsx:42:7`, shell/server/server-render-check.ts). No browser loads
 * either file. The map names the sources without their text (`nosources-`): the gate needs only
 * file, line and column, and the text of React's server renderer would make the map several
 * times the size of the code. Each source is named `<remote's package>/<path from its folder>`.
 */
function createRemoteServerConfig({ dir, remote, variant, server }, argv = {}) {
  const { outDir, info } = remoteBuild({ dir, remote, variant, server });
  return {
    name: `${info.container}-server`,
    context: dir,
    mode: 'production',
    target: 'node20',
    devtool: 'nosources-source-map',
    entry: { render: server },
    output: {
      path: path.join(outDir, SERVER_DIR),
      filename: SERVER_FILE,
      library: { type: 'commonjs2' },
      asyncChunks: false,
      clean: true,
      devtoolNamespace: readPackage(dir).name ?? path.basename(dir),
      devtoolModuleFilenameTemplate: 'webpack://[namespace]/[resource-path]',
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'], byDependency: sourceFirst() },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
            env: { targets: 'node 20' },
          },
        },
        { test: /\.css$/, loader: require.resolve('./empty-module-loader.cjs'), type: 'javascript/auto' },
      ],
    },
    // Readable stack traces in the page server's log; size does not reach a phone.
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [new rspack.DefinePlugin({ __REMOTE_BUILD__: JSON.stringify(info) })],
  };
}

const SERVICE_WORKER_ENTRY = './src/service-worker/service-worker.ts';
const SERVICE_WORKER_FILE = 'service-worker.js';

/**
 * The shell's service worker (docs/offline.md): one unhashed file, `service-worker.js`, in the
 * shell's dist — a worker's address must not change between builds. A second compilation, for
 * a web worker, with no Module Federation, no HTML and no chunks; it writes only its own file
 * (the shell's compilation keeps it when it cleans dist). The page server serves it with the
 * shell build's precache list written in front (shell/server/service-worker-script.ts).
 */
function createServiceWorkerConfig({ dir, mode, outDir }) {
  const config = baseConfig({ dir, mode, outDir, uniqueName: 'kaloryfer_shell_sw' });
  return {
    ...config,
    name: 'shell-service-worker',
    target: ['webworker', 'es2020'],
    // A worker is fetched afresh by the browser: no source map beside it.
    devtool: false,
    entry: { 'service-worker': SERVICE_WORKER_ENTRY },
    output: {
      ...config.output,
      publicPath: '/',
      filename: SERVICE_WORKER_FILE,
      chunkFilename: 'service-worker.[contenthash:8].js',
      asyncChunks: false,
      clean: false,
    },
    optimization: { splitChunks: false, runtimeChunk: false },
    // Workbox's development logging is dropped in production by process.env.NODE_ENV (mode).
    plugins: [],
  };
}

/** The host: no remote is known at build time; the registry names them at run time. */
function createShellConfig({ dir }, argv = {}) {
  const mode = argv.mode || 'production';
  const outDir = path.join(dir, 'dist');
  const config = baseConfig({ dir, mode, outDir, uniqueName: 'kaloryfer_shell' });
  // The shell is always served from its origin's root (every route answers index.html), so its
  // assets are absolute; remotes keep publicPath 'auto' (they live wherever the registry says).
  config.output.publicPath = '/';
  // The service worker's compilation writes into the same dist: cleaning leaves its file be.
  config.output.clean = { keep: (file) => path.basename(file) === SERVICE_WORKER_FILE };
  const shell = {
    ...config,
    name: 'shell',
    entry: { main: './src/index.ts' },
    plugins: [
      ...config.plugins,
      new rspack.DefinePlugin({ __CONTRACTS_VERSION__: JSON.stringify(contractsVersion(dir)) }),
      new rspack.HtmlRspackPlugin({ template: './src/index.html', inject: 'body', scriptLoading: 'defer' }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedSingletons(dir),
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
      new ShareScopePlugin(dir),
      ...(mode === 'production' ? [new PrecompressPlugin()] : []),
    ],
  };
  return [shell, createServiceWorkerConfig({ dir, mode, outDir })];
}

module.exports = { SINGLETONS, sharedSingletons, createRemoteConfig, createRemoteServerConfig, createShellConfig };
