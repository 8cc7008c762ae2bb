// Writes route-chunks.json beside a remote's mf-manifest.json (docs/rendering.md, "Route-level
// code"): what the page server needs to hint a page's code and to spare the browser stylesheets
// it inlined —
//   container: the build's uniqueName (its runtime marks stylesheet links with it);
//   pages:     each route page's chunk group (`page-…`, routePage) → its JS and CSS files;
//   exposes:   each exposed module ('./app') → its JS and CSS files;
//   dictionaries: each language's dictionary chunk (`i18n-pl-PL`, the namespace's loaders) → its JS;
//   integrity: every JS file's SRI hash, as the runtime will ask for it (the preload must match);
//   cssChunks: every CSS file → the id of the chunk it belongs to.
const crypto = require('node:crypto');
const { rspack } = require('@rspack/core');

const FILE = 'route-chunks.json';
const EXPOSE_GROUP = /^__federation_expose_(.+)$/;
const DICTIONARY_GROUP = /^i18n-(.+)$/;

const filesOf = (group) => {
  const names = (group.assets ?? []).map((asset) => asset.name);
  return { js: names.filter((name) => name.endsWith('.js')), css: names.filter((name) => name.endsWith('.css')) };
};

class RouteChunksPlugin {
  constructor({ uniqueName }) {
    this.uniqueName = uniqueName;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RouteChunksPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const stats = compilation.getStats().toJson({ all: false, chunkGroups: true, chunks: true, ids: true, chunkGroupAuxiliary: false });
        const pages = {};
        const exposes = {};
        const dictionaries = {};
        for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
          if (name.startsWith('page-')) pages[name] = filesOf(group);
          const expose = EXPOSE_GROUP.exec(name);
          if (expose) exposes[`./${expose[1]}`] = filesOf(group);
          const dictionary = DICTIONARY_GROUP.exec(name);
          if (dictionary) dictionaries[dictionary[1]] = filesOf(group);
        }
        const integrity = {};
        const cssChunks = {};
        for (const chunk of stats.chunks ?? []) {
          for (const file of chunk.files ?? []) {
            if (file.endsWith('.css')) cssChunks[file] = String(chunk.id);
            if (!file.endsWith('.js')) continue;
            const source = compilation.getAsset(file)?.source.buffer();
            if (source) integrity[file] = `sha384-${crypto.createHash('sha384').update(source).digest('base64')}`;
          }
        }
        const json = { container: this.uniqueName, pages, exposes, dictionaries, integrity, cssChunks };
        compilation.emitAsset(FILE, new rspack.sources.RawSource(JSON.stringify(json, null, 2)));
      });
    });
  }
}

module.exports = { RouteChunksPlugin };
