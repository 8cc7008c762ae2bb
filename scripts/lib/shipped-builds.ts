import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Shipped code holds no test code (issue #53): the builds `npm run build` writes — the shell's
 * and every remote's, browser and server — are searched for what only tests may hold.
 *
 * - **Test support's own texts**: every string of a test-support file (a `testing/` folder, the
 *   tests' own builds in e2e/builds/) that is distinctive — 20 characters or more, written in no
 *   shipped source file — must appear in no built file. Minifying renames functions but keeps
 *   strings, so a fake, a fixture or a fault that reached a bundle shows by its words.
 * - **Sources of the server builds**: each `server/render.js.map` names the files bundled (no
 *   text: `nosources-`); none may be a test, test support or an e2e file.
 */
export interface Finding {
  file: string;
  problem: string;
}

const SKIPPED = new Set(['node_modules', 'dist', '.git', 'var', 'test-results', 'playwright-report', 'coverage']);
const CODE = /\.(ts|tsx|cjs|mjs|js)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;
/** A path of test code: a test, a testing/ folder, the e2e suite, a test/ folder of a package. */
export const TEST_PATH = /(^|\/)(testing|test|e2e|__tests__)\/|\.test\.[jt]sx?$|@testing-library\//;
const DISTINCTIVE_LENGTH = 20;

function walk(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(full);
    return entry.isFile() ? [full] : [];
  });
}

/** The string literals (and template heads) of a code file, as TypeScript's scanner reads them. */
export function stringsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      found.push(node.text);
    // An import's path names a module, not a text the module holds.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source folders of the shop's parts and the folders their builds are written to. */
export function shopLayout(root: string): { sourceFolders: string[]; supportFiles: string[]; buildFolders: string[] } {
  const parts = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && (entry.name === 'shell' || entry.name.startsWith('mfe-')))
    .map((entry) => path.join(root, entry.name));
  const sharedPackages = fs.readdirSync(path.join(root, 'shared')).map((name) => path.join(root, 'shared', name, 'src'));
  const sourceFolders = [...parts.flatMap((part) => [path.join(part, 'src'), path.join(part, 'server')]), ...sharedPackages].filter((folder) =>
    fs.existsSync(folder),
  );
  const supportFiles = [
    ...sourceFolders.flatMap(walk).filter((file) => CODE.test(file) && /(^|\/)testing\//.test(path.relative(root, file))),
    ...walk(path.join(root, 'e2e', 'builds')).filter((file) => CODE.test(file)),
  ];
  return { sourceFolders, supportFiles, buildFolders: parts.map((part) => path.join(part, 'dist')).filter((folder) => fs.existsSync(folder)) };
}

/** What of test code the builds in `buildFolders` hold (nothing, when all is well). */
export function testCodeInBuilds({ sourceFolders, supportFiles, buildFolders }: ReturnType<typeof shopLayout>): Finding[] {
  const shippedSources = sourceFolders
    .flatMap(walk)
    .filter((file) => CODE.test(file) && !TEST_FILE.test(file) && !TEST_PATH.test(file) && !supportFiles.includes(file));
  const shippedText = shippedSources.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const texts = new Map<string, string>();
  for (const file of supportFiles)
    for (const text of stringsOf(file)) if (text.length >= DISTINCTIVE_LENGTH && !shippedText.includes(text) && !texts.has(text)) texts.set(text, file);

  const findings: Finding[] = [];
  for (const file of buildFolders.flatMap(walk)) {
    if (file.endsWith('.map')) {
      const sources = (JSON.parse(fs.readFileSync(file, 'utf8')) as { sources?: string[] }).sources ?? [];
      for (const source of sources.filter((name) => TEST_PATH.test(name))) findings.push({ file, problem: `bundles the test file ${source}` });
      continue;
    }
    if (!/\.(js|cjs|mjs|html|json)$/.test(file)) continue;
    const built = fs.readFileSync(file, 'utf8');
    for (const [text, from] of texts)
      if (built.includes(text)) findings.push({ file, problem: `holds "${text.slice(0, 60)}" of ${path.basename(path.dirname(from))}/${path.basename(from)}` });
  }
  return findings;
}
