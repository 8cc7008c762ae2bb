#!/usr/bin/env node
// Builds the shared package in the current folder for publishing (docs/releasing.md, "Shared
// packages"): every module of src/ but tests, as ES2022 module JavaScript in dist/ (`.mjs`, one
// file per module so a remote's bundler tree-shakes it as finely as the source), its relative
// imports written out in full (`./x.mjs`) so Node and every bundler resolve them; CSS copied
// beside the module that imports it; a `.d.mts` declaration beside each module. TypeScript
// writes both, and must type-check the package against its dependencies' published
// declarations first.
//
// Inside this repository nothing needs dist/: workspaces resolve the `@kaloryfer/source` export
// condition to src/. `npm pack` / `npm publish` build it (prepack).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const dir = process.cwd();
const src = path.join(dir, 'src');
const out = path.join(dir, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

const MODULE = /\.(ts|tsx)$/;
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.endsWith('.d.ts');

function walk(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** `./x` → the module on disk it names (x.ts, x.tsx, x/index.ts …), or null. */
function sourceOf(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (MODULE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The specifier a built module uses for a relative import: the same path, with its file named in full. */
function builtSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return specifier;
  if (specifier.endsWith('.css')) return specifier;
  const target = sourceOf(from, specifier);
  if (!target) throw new Error(`${path.relative(dir, from)}: cannot resolve ${specifier}`);
  let relative = path.relative(path.dirname(from), target).split(path.sep).join('/').replace(MODULE, '.mjs');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return relative;
}

const files = walk(src).filter((file) => MODULE.test(file) && !isTest(file));
fs.rmSync(out, { recursive: true, force: true });

for (const file of walk(src).filter((name) => name.endsWith('.css'))) {
  const target = path.join(out, path.relative(src, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(file, target);
}

// JavaScript and declarations by TypeScript itself, the package type-checked as a consumer sees
// it first (its @kaloryfer dependencies by their published declarations, never their src/).
// TypeScript keeps the comments: a module's size is what it is in the source, so a remote's
// bundler splits it into chunks exactly as it does the source inside this repository.
const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  isolatedModules: true,
  skipLibCheck: true,
  noImplicitOverride: true,
  types: ['node'],
  declaration: true,
  rootDir: src,
  outDir: out,
  newLine: ts.NewLineKind.LineFeed,
};
const ambient = walk(src).filter((file) => file.endsWith('.d.ts'));
const program = ts.createProgram([...files, ...ambient], options);
const problems = ts.getPreEmitDiagnostics(program);
const RELATIVE = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g;
const emitted = program.emit(undefined, (fileName, text) => {
  const declaration = fileName.endsWith('.d.ts');
  const target = declaration ? fileName.replace(/\.d\.ts$/, '.d.mts') : fileName.replace(/\.js$/, '.mjs');
  const stem = path.join(src, path.relative(out, fileName).replace(/\.d\.ts$|\.js$/, ''));
  const from = fs.existsSync(`${stem}.ts`) ? `${stem}.ts` : `${stem}.tsx`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(
    target,
    text.replace(RELATIVE, (_all, head, quote, specifier) => `${head}${quote}${builtSpecifier(from, specifier)}${quote}`),
  );
});
const all = [...problems, ...emitted.diagnostics];
if (all.length > 0) {
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
  console.error(ts.formatDiagnosticsWithColorAndContext(all, host));
  process.exit(1);
}

const modules = walk(out).filter((file) => file.endsWith('.mjs')).length;
console.log(`${pkg.name}@${pkg.version}: ${modules} modules and their declarations in ${path.relative(process.cwd(), out) || 'dist'}/`);
