const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) =>
  createRemoteConfig(
    {
      dir: __dirname,
      remote: 'cart',
      exposes: { './MiniCart': './src/widgets/mini-cart.exposed.tsx' },
    },
    argv,
  );
