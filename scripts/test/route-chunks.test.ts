/**
 * The page server hints a route page's chunk by the name its server render reports
 * (`routePage('page-…', …)`), found in the build's route-chunks.json under the name the import
 * gave the chunk (`webpackChunkName`). The two are one string written twice: held together here,
 * for every route page of every remote (docs/rendering.md, "Route-level code").
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const REMOTES = ['mfe-catalog', 'mfe-content', 'mfe-cart', 'mfe-checkout', 'mfe-account'];
const CALL = /routePage(?:<[^>]*>)?\(\s*'([^']+)'\s*,\s*\(\)\s*=>\s*import\(\s*(?:\/\*\s*webpackChunkName:\s*"([^"]+)"\s*\*\/\s*)?'([^']+)'\)/g;

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const declarations = REMOTES.flatMap((remote) =>
  sourcesOf(path.join(ROOT, remote, 'src')).flatMap((file) => {
    const source = fs.readFileSync(file, 'utf8');
    const calls = source.match(/\broutePage(?:<[^>]*>)?\(/g)?.length ?? 0;
    const found = [...source.matchAll(CALL)].map(([, name, chunk, module]) => ({ file: path.relative(ROOT, file), name, chunk, module }));
    // A call this test cannot read would escape it: every call must match the pattern.
    expect({ file, calls: found.length }).toEqual({ file, calls });
    return found;
  }),
);

test('the remotes declare their route pages', () => {
  expect(declarations.map((page) => page.name)).toEqual(
    expect.arrayContaining(['page-home', 'page-product', 'page-category', 'page-advice-article', 'page-cms']),
  );
});

test.each(declarations.map((page) => [page.file, page.name, page] as const))('%s: %s names its chunk the same, page-…', (_file, _name, page) => {
  expect(page.chunk).toBe(page.name);
  expect(page.name).toMatch(/^page-[a-z-]+$/);
});

test('one chunk name, one module (two pages of one module may share it)', () => {
  const modulesOf = new Map<string, Set<string>>();
  for (const page of declarations) modulesOf.set(`${page.file} ${page.name}`, (modulesOf.get(`${page.file} ${page.name}`) ?? new Set()).add(page.module));
  for (const [, modules] of modulesOf) expect(modules.size).toBe(1);
});
