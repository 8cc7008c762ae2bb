module.exports = require('@kaloryfer/mfe-build/jest-preset')(__dirname, { environment: 'node' });
