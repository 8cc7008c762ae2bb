module.exports = require('../../jest/preset.cjs')(__dirname, { environment: 'node' });
