import fs from 'node:fs';
import path from 'node:path';
import { ATOM_OWNERS } from './atoms';

/**
 * The contract surface is what runs: every channel in `channels/` has at least one emitter and
 * one listener in the shop's code (tests and testing helpers do not count), every atom is
 * written by exactly its owner and read by someone, and docs/contracts.md names exactly these
 * channels and atoms. A channel nobody hears, or a command nobody sends, fails here — remove it
 * or use it.
 */
const ROOT = path.resolve(__dirname, '../../..');
const CODE_DIRS = ['shell/src', 'shell/server', 'mfe-catalog/src', 'mfe-cart/src', 'mfe-checkout/src', 'mfe-account/src', 'mfe-content/src', 'shared/ui/src', 'shared/contracts/src'];
const OWNER_DIRS: Record<string, string[]> = {
  shell: ['shell/src'], 'mfe-catalog': ['mfe-catalog/src'], 'mfe-cart': ['mfe-cart/src'], 'mfe-checkout': ['mfe-checkout/src'],
  'mfe-account': ['mfe-account/src'], 'mfe-content': ['mfe-content/src'],
};

const isTestFile = (file: string) => /\.test\.tsx?$|\.testing\.tsx?$|-test-kit\.tsx?$|[/\\]testing[/\\]/.test(file);

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isTestFile(file));
}

const code = CODE_DIRS.flatMap(sourceFiles).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));

/** `export const cartAddRequested = defineCommand<…>('cart:add-requested')` → [cartAddRequested, cart:add-requested]. */
function channels(): { constant: string; name: string }[] {
  const dir = path.join(__dirname, 'channels');
  return fs.readdirSync(dir).filter((file) => file.endsWith('.ts') && !isTestFile(file)).flatMap((file) => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    return [...text.matchAll(/export const (\w+) = define(?:Channel|Command)<[\s\S]*?>\('([^']+)'\)/g)].map(([, constant, name]) => ({ constant, name }));
  });
}

const found = channels();

test('the channels are found (the walk itself works)', () => {
  expect(found.length).toBeGreaterThan(20);
  expect(found).toContainEqual({ constant: 'cartAddRequested', name: 'cart:add-requested' });
});

test.each(found.map(({ constant, name }) => [name, constant]))('%s has an emitter and a listener in the shop\'s code', (_name, constant) => {
  const emitters = code.filter(({ text }) => new RegExp(`\\b${constant}\\.emit\\(`).test(text)).map(({ file }) => file);
  const listeners = code.filter(({ text }) => new RegExp(`\\b${constant}\\.(on|stream)\\b`).test(text)).map(({ file }) => file);
  expect({ emitters: emitters.length > 0, listeners: listeners.length > 0 }).toEqual({ emitters: true, listeners: true });
});

test.each(Object.entries(ATOM_OWNERS))('$%s is written by %s alone and read elsewhere', (atom, owner) => {
  const claim = new RegExp(`claimWriter\\('${atom}', '([^']+)'\\)`, 'g');
  const claims = code.flatMap(({ file, text }) => [...text.matchAll(claim)].map(([, by]) => ({ file, by })));
  expect(claims.length).toBeGreaterThan(0);
  for (const { file, by } of claims) {
    expect(by).toBe(owner);
    expect(OWNER_DIRS[owner].some((dir) => file.startsWith(dir))).toBe(true);
  }
  const reader = new RegExp(`\\$${atom}\\b`);
  expect(code.some(({ file, text }) => !file.startsWith('shared/contracts/') && reader.test(text))).toBe(true);
});

test('docs/contracts.md names exactly the channels and atoms the code has', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/contracts.md'), 'utf8');
  const documented = new Set([...doc.matchAll(/`([a-z]+:[a-z-]+)`/g)].map(([, name]) => name));
  const names = found.map(({ name }) => name);
  expect(names.filter((name) => !documented.has(name))).toEqual([]);
  expect([...documented].filter((name) => !names.includes(name))).toEqual([]);
  for (const atom of Object.keys(ATOM_OWNERS)) expect(doc).toContain(`\`$${atom}\``);
});
