const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) => createRemoteConfig({
  dir: __dirname,
  remote: 'catalog',
  exposes: { './app': './src/app.tsx', './SearchButton': './src/widgets/search-button.tsx' },
}, argv);
