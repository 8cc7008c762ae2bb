const { createShellConfig } = require('@kaloryfer/mfe-build');

module.exports = (env, argv) => createShellConfig({ dir: __dirname }, argv);
