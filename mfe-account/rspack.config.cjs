const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) =>
  createRemoteConfig(
    {
      dir: __dirname,
      remote: 'account',
      server: './src/server.tsx',
      exposes: {
        './app': './src/app.tsx',
        './AccountButton': './src/widgets/account-button.tsx',
        './WishlistButton': './src/widgets/wishlist-button.tsx',
      },
    },
    argv,
  );
