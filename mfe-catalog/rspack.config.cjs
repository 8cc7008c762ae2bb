const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) =>
  createRemoteConfig(
    {
      dir: __dirname,
      remote: 'catalog',
      server: './src/server.tsx',
      exposes: { './app': './src/app.exposed.tsx', './SearchButton': './src/widgets/search-button.exposed.tsx' },
    },
    argv,
  );
