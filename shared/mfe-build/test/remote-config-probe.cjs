// Run by remote-config.test.ts in a Node process of its own (@rspack/core is an ES module, which
// jest's module loader cannot require): makes the cart's browser configuration as its
// rspack.config.cjs does, and prints as JSON what the test judges.
const path = require('node:path');
const { PassThrough } = require('node:stream');
const { rspack } = require('@rspack/core');
const { createRemoteConfig } = require('../src/index.cjs');

const cart = path.resolve(__dirname, '../../../mfe-cart');
const [config] = createRemoteConfig({ dir: cart, remote: 'cart', exposes: { './MiniCart': './src/widgets/mini-cart.exposed.tsx' } });
const pluginNamed = (name) => config.plugins.find((plugin) => plugin && plugin.constructor.name === name);

// What build-info.json says, and what the manifest says after the federation plugin made its
// stats with the package's version (its `manifest.additionalData` hook edits them).
const buildInfo = pluginNamed('BuildInfoPlugin').info;
const federation = pluginNamed('ModuleFederationPlugin')._options;
const stats = { metaData: { name: 'cart', publicPath: 'auto', buildInfo: { buildVersion: '0.0.0-package', buildName: 'mfe-cart' } } };
const manifest = federation.manifest.additionalData({ stats });

// Creating the compiler applies the plugins: the manifest plugin looks at publicPath then.
const stream = new PassThrough();
let printed = '';
stream.on('data', (chunk) => (printed += chunk.toString('utf8')));
const compiler = rspack({ ...config, infrastructureLogging: { stream, colors: false, appendOnly: true } });
// The plugin's other messages, and the same words from another plugin, still print.
compiler
  .getInfrastructureLogger('Module Federation Manifest Plugin')
  .warn('[ Module Federation Manifest Plugin ]', 'Manifest will not generate, because publicPath can only be string');
compiler.getInfrastructureLogger('another plugin').warn("Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'");

setImmediate(() =>
  process.stdout.write(
    JSON.stringify({ publicPath: config.output.publicPath, buildInfoVersion: buildInfo.version, manifestMetaData: manifest.metaData, printed }),
  ),
);
