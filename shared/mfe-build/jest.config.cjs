// The build configuration's own tests (test/): Node, no DOM.
module.exports = require('./src/jest/preset.cjs')(__dirname, { environment: 'node' });
