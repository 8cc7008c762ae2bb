const { createRemoteConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) => createRemoteConfig({
  dir: __dirname,
  remote: 'content',
  exposes: { './app': './src/app.tsx', './Footer': './src/widgets/footer.tsx' },
}, argv);
