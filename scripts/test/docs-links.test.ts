import fs from 'node:fs';
import path from 'node:path';

/**
 * Every link in the README files and docs/ points at a file in the repository (issue #21, "docs
 * that resolve"): a reader of the repository can follow each one. Web addresses and in-page
 * anchors are not checked; code blocks are skipped (they show commands, not links).
 */
const ROOT = path.resolve(__dirname, '../..');

function markdownFiles(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
  const readmes = ['README.md', ...fs.readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .flatMap((entry) => [path.join(entry.name, 'README.md'), ...(entry.name === 'shared'
      ? fs.readdirSync(path.join(ROOT, 'shared')).map((pkg) => path.join('shared', pkg, 'README.md'))
      : [])])];
  return [...readmes.filter((file) => fs.existsSync(path.join(ROOT, file))), ...docs];
}

function relativeLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map(([, target]) => target)
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
