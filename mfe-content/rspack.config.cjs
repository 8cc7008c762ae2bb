const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) =>
  createRemoteConfig(
    {
      dir: __dirname,
      remote: 'content',
      server: './src/server.tsx',
      exposes: { './app': './src/app.exposed.tsx', './Footer': './src/widgets/footer.exposed.tsx' },
    },
    argv,
  );
