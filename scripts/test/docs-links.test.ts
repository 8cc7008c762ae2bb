import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every link in the README files and docs/ points at a file in the repository (issue #21, "docs
 * that resolve"): a reader of the repository can follow each one. Web addresses and in-page
 * anchors are not checked; code blocks are skipped (they show commands, not links).
 */
const ROOT = path.resolve(__dirname, '../..');

function markdownFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
  const readmes = [
    'README.md',
    ...fs
      .readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .flatMap((entry) => [
        path.join(entry.name, 'README.md'),
        ...(entry.name === 'shared' ? fs.readdirSync(path.join(ROOT, 'shared')).map((pkg) => path.join('shared', pkg, 'README.md')) : []),
      ]),
  ];
  return [...readmes.filter((file) => fs.existsSync(path.join(ROOT, file))), ...docs];
}

function relativeLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
}

const files = markdownFiles();

test('the walk finds the README and the docs', () => {
  expect(files).toContain('README.md');
  expect(files).toContain(path.join('docs', 'offline.md'));
});

test.each(files)('%s: every relative link resolves to a file or folder in the repository', (file) => {
  const broken = relativeLinks(file).filter((target) => {
    const resolved = path.resolve(ROOT, path.dirname(file), decodeURIComponent(target.split('#')[0]));
    return !resolved.startsWith(ROOT) || !fs.existsSync(resolved);
  });
  expect(broken).toEqual([]);
});

/**
 * Every section of the product specification that a code comment or a doc cites ("spec §4
 * "Token handling"", "§9 flags", "§ 5") has its heading `## §N …` in docs/specification.md, so
 * the citation can be followed in the repository (issue #21). Only comments of code files are
 * read: a `§` in a string is the shop's own text (the numbered paragraphs of its terms and
 * conditions), not a citation; an RFC's section ("RFC 9700 §4.14") is not the specification's.
 *
 * And nothing refers to the documents kept outside the repository, in the folder beside it: not
 * its path, not its spec, design or hooks folders. A relative path up to one of the repository's
 * own shared/ packages (a link from docs/ to shared/domain) stays allowed.
 */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'var', '.var', 'coverage', 'test-results', 'playwright-report']);
const CODE_FILE = /\.(ts|tsx|js|cjs|mjs)$/;

function repositoryFiles(folder = ROOT): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : repositoryFiles(full);
    return entry.isFile() ? [path.relative(ROOT, full)] : [];
  });
}

/** The comments of a code file, as TypeScript's parser finds them (strings and templates are not comments). */
function codeComments(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: string[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) =>
    ranges?.forEach(({ pos, end }) => {
      if (seen.has(pos)) return;
      seen.add(pos);
      comments.push(text.slice(pos, end));
    });
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    // `{/* … */}` in JSX: an expression holding nothing but a comment.
    if (ts.isJsxExpression(node) && !node.expression) comments.push(node.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return comments;
}

/** Top-level section numbers cited in a text: "§4" of "spec §4.2", "§ 4", "§3/§4". */
const citedSections = (text: string) => [...text.matchAll(/(?<!RFC \d+ )§ ?(\d+)/g)].map(([, number]) => Number(number));

const repository = repositoryFiles();
const SPECIFICATION = path.join('docs', 'specification.md');

test('every specification section cited in code comments and docs has its heading in docs/specification.md', () => {
  const headings = new Set([...fs.readFileSync(path.join(ROOT, SPECIFICATION), 'utf8').matchAll(/^## §(\d+) \S/gm)].map(([, number]) => Number(number)));
  const citations = repository.flatMap((file) => {
    if (!CODE_FILE.test(file) && !file.endsWith('.md')) return [];
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const cited = file.endsWith('.md') ? citedSections(text) : codeComments(file, text).flatMap(citedSections);
    return cited.map((section) => ({ file, section }));
  });
  expect(citations.length).toBeGreaterThan(100);
  expect(citations.filter(({ section }) => !headings.has(section)).map(({ file, section }) => `${file}: §${section}`)).toEqual([]);
});

test('no file refers to the documents kept outside the repository', () => {
  const packages = new Set(fs.readdirSync(path.join(ROOT, 'shared')));
  const outside = path.join(path.dirname(ROOT), 'shared') + path.sep;
  const folders = ['spec', 'design', 'hooks'].map((folder) => `shared/${folder}/`);
  const offenders = repository.flatMap((file) => {
    const bytes = fs.readFileSync(path.join(ROOT, file));
    if (bytes.includes(0)) return [];
    const text = bytes.toString('utf8');
    const named = [...text.matchAll(/\.\.\/shared\/([\w.-]*)/g)].filter(([, name]) => !packages.has(name)).map(([mention]) => mention);
    const found = [...named, ...[outside, ...folders].filter((mention) => text.includes(mention))];
    return found.map((mention) => `${file}: ${mention}`);
  });
  expect(repository).toContain(SPECIFICATION);
  expect(offenders).toEqual([]);
});

/**
 * `docs/<name>.md` paths named in a text (also under docs/: `docs/adr/0001-….md`), with the
 * section when one is quoted after it: `docs/releasing.md, "The shop's remotes"`.
 */
const citedDocs = (text: string) =>
  [...text.matchAll(/(?<![\w/.-])(docs\/[\w./-]*?\.md)\b(?:,? \(?["“]([^"”\n]{3,80})["”])?/g)].map(([, doc, section]) => ({ doc: doc!, section }));

/** A document's section names: its headings and the bold lead-ins of its paragraphs ("**The round trip.**"). */
function sectionNames(doc: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
  return [...text.matchAll(/^#+ (.*)$/gm), ...text.matchAll(/\*\*([^*\n]+?)\*\*/g)].map(([, name]) => plainWords(name!));
}
const plainWords = (text: string) => text.toLowerCase().replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();

const docCitations = repository.flatMap((file) => {
  if (!CODE_FILE.test(file) && !file.endsWith('.md')) return [];
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const cited = file.endsWith('.md') ? citedDocs(text.replace(/```[\s\S]*?```/g, '')) : codeComments(file, text).flatMap(citedDocs);
  return cited.map((citation) => ({ file, ...citation }));
});

test('every docs/*.md named in a code comment or a document exists (issue #53, "Words true")', () => {
  expect(docCitations.length).toBeGreaterThan(200);
  expect(docCitations.filter(({ doc }) => !fs.existsSync(path.join(ROOT, doc))).map(({ file, doc }) => `${file}: ${doc}`)).toEqual([]);
});

test('every section quoted after a docs/*.md is a heading or a bold lead-in of that document', () => {
  const quoted = docCitations.filter(({ doc, section }) => section && fs.existsSync(path.join(ROOT, doc)));
  expect(quoted.length).toBeGreaterThan(100);
  const names = new Map<string, string[]>();
  const missing = quoted.filter(({ doc, section }) => {
    if (!names.has(doc)) names.set(doc, sectionNames(doc));
    return !names.get(doc)!.some((name) => name.includes(plainWords(section!)));
  });
  expect(missing.map(({ file, doc, section }) => `${file}: ${doc} "${section}"`)).toEqual([]);
});
