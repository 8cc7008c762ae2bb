const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) =>
  createRemoteConfig(
    {
      dir: __dirname,
      remote: 'account',
      server: './src/server.tsx',
      exposes: {
        './app': './src/app.exposed.tsx',
        './AccountButton': './src/widgets/account-button.exposed.tsx',
        './WishlistButton': './src/widgets/wishlist-button.exposed.tsx',
      },
    },
    argv,
  );
