import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '@kaloryfer/contracts';

/**
 * A remote in this repository uses only what the contracts' surface.json records (docs/releasing.md,
 * "Compatibility"). The release gate refuses a remote whose build needs a runtime export of
 * @kaloryfer/contracts that the shell's version lacks — and the shell's version knows only the
 * names `npm run packages:version` recorded. A new export used by a remote before that was only
 * found in e2e, when the gate refused the remote's build; this finds it from the sources.
 */
const ROOT = path.resolve(__dirname, '../..');
const SURFACE = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/contracts/surface.json'), 'utf8')) as { version: string; exports: Record<string, unknown> };
const RUNTIME = new Set(Object.keys(contracts));
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@kaloryfer\/contracts'/g;

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== '__tests__') yield* sources(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The runtime names each remote's shipped sources import from the contracts. */
function runtimeImports(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const remotes = fs.readdirSync(ROOT).filter((name) => name.startsWith('mfe-') && fs.existsSync(path.join(ROOT, name, 'src')));
  for (const remote of remotes) {
    for (const file of sources(path.join(ROOT, remote, 'src'))) {
      for (const [, typeOnly, names] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (typeOnly) continue;
        for (const raw of names.split(',')) {
          const name = raw.trim().split(/\s+as\s+/)[0];
          if (!name || name.startsWith('type ') || !RUNTIME.has(name)) continue;
          used.set(name, [...(used.get(name) ?? []), path.relative(ROOT, file)]);
        }
      }
    }
  }
  return used;
}

test('the remotes import runtime names from the contracts, and the scan sees them', () => {
  const used = runtimeImports();
  // Names every remote's mini-cart or pages use: the scan would find nothing if the pattern broke.
  expect([...used.keys()]).toEqual(expect.arrayContaining(['$cart', 'cartAddRequested']));
});

test('every runtime name a remote imports is in surface.json (else: npm run packages:version)', () => {
  const missing = [...runtimeImports()]
    .filter(([name]) => !(name in SURFACE.exports))
    .map(([name, files]) => `${name} (${files[0]}${files.length > 1 ? ` and ${files.length - 1} more` : ''})`);
  expect(missing).toEqual([]);
});
