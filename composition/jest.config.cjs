// The composition root's tests sit beside its files (the preset looks in src/, server/, test/ and lib/ only).
const preset = require('@kaloryfer/mfe-build/jest-preset')(__dirname, { environment: 'node' });

module.exports = { ...preset, testMatch: ['<rootDir>/**/*.test.ts'] };
