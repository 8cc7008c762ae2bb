// What a remote's build needs of the page it will run on, written into its build-info.json for
// the shop's release gate (docs/releasing.md, "Compatibility"):
//   contracts:     the @kaloryfer/contracts version it was built against (as installed);
//   contractsUses: each name it imports from the contracts singleton, with the minor that added
//                  it (the installed contracts' surface.json) — the page gives it the shell's copy,
//                  so every name must exist there;
//   shared:        each shared singleton as installed and the range the remote declares for it.
const fs = require('node:fs');
const path = require('node:path');

const CONTRACTS = '@kaloryfer/contracts';

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The version of a package as installed for the build in `dir` (what it was really built against). */
function installedVersion(pkg, dir) {
  return readJson(require.resolve(`${pkg}/package.json`, { paths: [dir] })).version;
}

/** `react-dom/client` → `react-dom`, `@kaloryfer/i18n` → itself. */
function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Each shared package (by package name) as installed and the semver range the build in `dir`
 * declares for it in its package.json — `^<installed>` when it names none (it gets it through
 * another package). The gate refuses the build when the shell's copy is outside the range.
 */
function declaredShared(requests, dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const declared = { ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.dependencies };
  const names = [...new Set(requests.map(packageNameOf))].sort();
  return Object.fromEntries(
    names.map((name) => {
      const version = installedVersion(name, dir);
      const range = declared[name];
      const usable = typeof range === 'string' && /^[\d^~<>=*xX |.-]+$/.test(range.trim());
      return [name, { version, requiredVersion: usable ? range.trim() : `^${version}` }];
    }),
  );
}

/** The installed contracts' surface.json: each runtime export → the major.minor that added it. */
function contractsSurface(dir) {
  try {
    return readJson(require.resolve(`${CONTRACTS}/surface.json`, { paths: [dir] })).exports;
  } catch {
    return {};
  }
}

/**
 * Collects the names the build imports from the contracts singleton, from rspack's own module
 * graph: every import (or re-export) of `@kaloryfer/contracts` in the remote's code and in the
 * shared packages it bundles. A namespace import (`import * as`) counts as all of them.
 */
class ContractUsesPlugin {
  constructor() {
    this.names = new Set();
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ContractUsesPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('ContractUsesPlugin', (modules) => {
        const names = new Set();
        const visit = (dependencies) => {
          for (const dependency of dependencies) {
            if (dependency.request !== CONTRACTS || !dependency.ids) continue;
            if (dependency.ids.length === 0) names.add('*');
            else names.add(dependency.ids[0]);
          }
        };
        const visitBlocks = (blocks) => {
          for (const block of blocks) {
            visit(block.dependencies);
            visitBlocks(block.blocks);
          }
        };
        for (const module of modules) {
          visit(module.dependencies);
          visitBlocks(module.blocks);
        }
        this.names = names;
      });
    });
  }
  /** name → the minor that added it (`null`: not in the surface the build was made with). */
  uses(dir) {
    const surface = contractsSurface(dir);
    const names = this.names.has('*') ? Object.keys(surface) : [...this.names];
    return Object.fromEntries(names.sort().map((name) => [name, surface[name]?.since ?? null]));
  }
}

module.exports = { installedVersion, packageNameOf, declaredShared, ContractUsesPlugin };
