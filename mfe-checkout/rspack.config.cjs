const { createRemoteConfig } = require('@kaloryfer/mfe-build');

// Checkout builds twice: variant a (multi-step, the control) and b (one page), for A/B tests.
// CHECKOUT_VARIANT=b builds one of them.
const VARIANTS = process.env.CHECKOUT_VARIANT ? [process.env.CHECKOUT_VARIANT] : ['a', 'b'];

module.exports = (env, argv) =>
  VARIANTS.flatMap((variant) =>
    createRemoteConfig(
      {
        dir: __dirname,
        remote: 'checkout',
        variant,
        server: './src/server.tsx',
        exposes: { './app': './src/app.exposed.tsx' },
      },
      argv,
    ),
  );
