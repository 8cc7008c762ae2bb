// A fingerprint of the sources that decide a remote's build, written into its build-info.json as
// `sources`: two checkouts with the same fingerprint build the same remote (the tools and the
// installed dependencies aside), so a script can tell whether a build in hand is the build of
// the sources in hand without building again.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/**
 * Inside the shop's repository a build reads the shared packages' source (index.cjs,
 * `inWorkspace`): their src/ decides the build as much as the remote's own. In a team's own
 * repository this file is in node_modules and the packages come built from a registry: their
 * version is in the remote's package.json.
 */
const inWorkspace = !fs.realpathSync(__dirname).split(path.sep).includes('node_modules');

/** Every file under `dir`, as absolute paths (a missing folder has none). */
function filesUnder(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const kind = entry.isSymbolicLink() ? fs.statSync(file) : entry;
    if (kind.isDirectory()) return filesUnder(file);
    return kind.isFile() ? [file] : [];
  });
}

/**
 * The files that decide the build of the remote in `dir`: `src/**`, `package.json`,
 * `rspack.config.*` and, when built inside the shop's repository (`workspace`), every shared
 * package's `src/**` (the repository is the remote folder's parent).
 */
function sourceFiles(dir, { workspace = inWorkspace } = {}) {
  const own = [
    ...filesUnder(path.join(dir, 'src')),
    path.join(dir, 'package.json'),
    ...fs
      .readdirSync(dir)
      .filter((name) => /^rspack\.config\./.test(name))
      .map((name) => path.join(dir, name)),
  ];
  const shared = [];
  if (workspace) {
    const packages = path.join(path.dirname(dir), 'shared');
    const names = fs.existsSync(packages) ? fs.readdirSync(packages) : [];
    for (const name of names) shared.push(...filesUnder(path.join(packages, name, 'src')));
  }
  return [...own, ...shared];
}

/**
 * sha256 (hex) over the sources of the remote in `dir` (sourceFiles): each file's path relative
 * to `dir` (with `/`, so the remote's folder name and the platform do not count), its length and
 * its bytes, in the order of the paths.
 */
function sourceFingerprint(dir, options = {}) {
  const root = path.resolve(dir);
  const files = sourceFiles(root, options)
    .map((file) => ({ file, name: path.relative(root, file).split(path.sep).join('/') }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = createHash('sha256');
  for (const { file, name } of files) {
    const bytes = fs.readFileSync(file);
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

module.exports = { sourceFingerprint, sourceFiles };
