// A build folder as the shop's registry takes it (docs/releasing.md): a tar.gz of every file under
// the folder, paths relative to it, in order, each 0644 with a fixed time — the same bytes for the
// same files, whoever packs them. `tar czf - -C dist .` makes an archive the registry takes too.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const tar = require('tar-stream');

/** Every regular file under `root`, as forward-slash paths relative to it, sorted. */
function filesUnder(root, dir = '') {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(root, relative);
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

/** @param {string} dir a build folder (with build-info.json) @returns {Promise<Buffer>} */
async function packBuild(dir) {
  const pack = tar.pack();
  const chunks = [];
  pack.on('data', (chunk) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const name of filesUnder(dir)) {
    const bytes = fs.readFileSync(path.join(dir, name));
    pack.entry({ name, size: bytes.length, mode: 0o644, mtime: new Date(0) }, bytes);
  }
  pack.finalize();
  await ended;
  return zlib.gzipSync(Buffer.concat(chunks), { level: 6 });
}

/**
 * The build folders in `dist`: the folder itself when it holds build-info.json, else each folder
 * in it that does (a remote with A/B variants builds one per variant: dist/a, dist/b).
 */
function buildFolders(dist) {
  if (fs.existsSync(path.join(dist, 'build-info.json'))) return [dist];
  if (!fs.existsSync(dist)) return [];
  return fs
    .readdirSync(dist)
    .map((name) => path.join(dist, name))
    .filter((folder) => fs.existsSync(path.join(folder, 'build-info.json')))
    .sort();
}

module.exports = { packBuild, buildFolders, filesUnder };
