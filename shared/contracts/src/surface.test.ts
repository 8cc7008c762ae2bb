import fs from 'node:fs';
import path from 'node:path';
import { ATOM_OWNERS } from './atoms';
import { CHANNEL_OWNERS } from './channels/owners';

/**
 * The contract surface is what runs: every channel in `channels/` has at least one emitter and
 * one listener in the shop's code (tests and testing helpers do not count), every atom is
 * written by exactly its owner and read by someone, and docs/contracts.md names exactly these
 * channels (each in one row of its table, with the kind CHANNEL_OWNERS gives it) and atoms. A
 * channel nobody hears, or a command nobody sends, fails here — remove it or use it.
 */
const ROOT = path.resolve(__dirname, '../../..');
const CODE_DIRS = [
  'shell/src',
  'shell/server',
  'mfe-catalog/src',
  'mfe-cart/src',
  'mfe-checkout/src',
  'mfe-account/src',
  'mfe-content/src',
  'shared/ui/src',
  'shared/contracts/src',
];
const OWNER_DIRS: Record<string, string[]> = {
  shell: ['shell/src'],
  'mfe-catalog': ['mfe-catalog/src'],
  'mfe-cart': ['mfe-cart/src'],
  'mfe-checkout': ['mfe-checkout/src'],
  'mfe-account': ['mfe-account/src'],
  'mfe-content': ['mfe-content/src'],
  'shared/ui': ['shared/ui/src'],
};

const isTestFile = (file: string) => /\.test\.tsx?$|\.testing\.tsx?$|-test-kit\.tsx?$|[/\\]testing[/\\]/.test(file);

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isTestFile(file));
}

const code = CODE_DIRS.flatMap(sourceFiles).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));

const CHANNEL_DIR = path.join(__dirname, 'channels');
const channelSources = fs
  .readdirSync(CHANNEL_DIR)
  .filter((file) => file.endsWith('.ts') && !isTestFile(file))
  .map((file) => fs.readFileSync(path.join(CHANNEL_DIR, file), 'utf8'));

/** `export const cartAddRequested = defineCommand<CartAddRequest>('cart:add-requested'[, options])` → [cartAddRequested, cart:add-requested, CartAddRequest]. */
function channels(): { constant: string; name: string; payload: string }[] {
  return channelSources.flatMap((text) =>
    [...text.matchAll(/export const (\w+) = define(?:Channel|Command)<([\s\S]*?)>\('([^']+)'(?:, \{[^}]*\})?\)/g)].map(([, constant, payload, name]) => ({
      constant,
      name,
      payload,
    })),
  );
}

/** The declaration of a payload type in channels/: `export type X = Readonly<…>` or `export interface X { … }`. */
function declarationOf(type: string): string | undefined {
  for (const text of channelSources) {
    const alias = text.match(new RegExp(`export type ${type} = [^;]*`));
    if (alias) return alias[0];
    const start = text.indexOf(`export interface ${type} `);
    if (start >= 0) return text.slice(start, text.indexOf('\n}', start) + 2);
  }
  return undefined;
}

/** Fields of an interface's body at its top level (nested object types are the field's own). */
const topLevelFields = (body: string) => body.split('\n').filter((line) => /^  (readonly )?\w+\??:/.test(line));

const found = channels();

test('the channels are found (the walk itself works)', () => {
  expect(found.length).toBeGreaterThan(20);
  expect(found).toContainEqual({ constant: 'cartAddRequested', name: 'cart:add-requested', payload: 'CartAddRequest' });
});

test.each(found.map(({ constant, name }) => [name, constant]))("%s has an emitter and a listener in the shop's code", (_name, constant) => {
  const emitters = code.filter(({ text }) => new RegExp(`\\b${constant}\\.emit\\(`).test(text)).map(({ file }) => file);
  const listeners = code.filter(({ text }) => new RegExp(`\\b${constant}\\.(on|stream)\\b`).test(text)).map(({ file }) => file);
  expect({ emitters: emitters.length > 0, listeners: listeners.length > 0 }).toEqual({ emitters: true, listeners: true });
});

test.each(found.map(({ name, payload }) => [name, payload]))('%s carries a named, readonly payload type (%s)', (_name, payload) => {
  expect(payload).toMatch(/^[A-Z]\w*$/);
  const declaration = declarationOf(payload);
  expect(declaration).toBeDefined();
  if (declaration!.startsWith('export type')) expect(declaration).toMatch(/= Readonly</);
  else {
    const fields = topLevelFields(declaration!);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((line) => !line.startsWith('  readonly '))).toEqual([]);
  }
});

test('every channel has exactly one owner in CHANNEL_OWNERS, and only channels that exist do', () => {
  expect(found.map(({ name }) => name).sort()).toEqual(Object.keys(CHANNEL_OWNERS).sort());
});

test.each(found.map(({ constant, name }) => [name, constant]))('%s: its owner alone acts on it (command) or tells it (fact)', (name, constant) => {
  const { kind, owner } = CHANNEL_OWNERS[name as keyof typeof CHANNEL_OWNERS];
  const verb = kind === 'command' ? `\\.(on|stream)\\b` : `\\.emit\\(`;
  const users = code.filter(({ text }) => new RegExp(`\\b${constant}${verb}`).test(text)).map(({ file }) => file);
  // The shared helpers that run inside the owner's code (shared/contracts' own `navigate`) count as the owner's.
  const outside = users.filter((file) => !OWNER_DIRS[owner].some((dir) => file.startsWith(dir)) && !file.startsWith('shared/contracts/'));
  expect(outside).toEqual([]);
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
  const documented = new Set([...doc.matchAll(/`([a-z][a-z-]*:[a-z-]+)`/g)].map(([, name]) => name));
  const names = found.map(({ name }) => name);
  expect(names.filter((name) => !documented.has(name))).toEqual([]);
  expect([...documented].filter((name) => !names.includes(name))).toEqual([]);
  for (const atom of Object.keys(ATOM_OWNERS)) expect(doc).toContain(`\`$${atom}\``);
});

/** docs/contracts.md's channel table: each channel a row names (`` `a` / `b` `` in the first cell) → the kinds its rows give it. */
function documentedKinds(): Map<string, string[]> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/contracts.md'), 'utf8');
  const kinds = new Map<string, string[]>();
  for (const [, channelCell, kind] of doc.matchAll(/^\| ((?:`[a-z][a-z-]*:[a-z-]+`(?: \/ )?)+) \| ([^|]*?) \|/gm)) {
    for (const [, name] of channelCell.matchAll(/`([a-z][a-z-]*:[a-z-]+)`/g)) kinds.set(name, [...(kinds.get(name) ?? []), kind]);
  }
  return kinds;
}

const kindsInDoc = documentedKinds();

test('the channel table of docs/contracts.md is found (the parse itself works)', () => {
  expect(kindsInDoc.get('cart:add-requested')).toEqual(['command']);
  expect(kindsInDoc.get('session:changed')).toEqual(['fact']);
});

test.each(found.map(({ name }) => [name]))('%s has one row in docs/contracts.md, with the kind CHANNEL_OWNERS gives it', (name) => {
  expect(kindsInDoc.get(name)).toEqual([CHANNEL_OWNERS[name as keyof typeof CHANNEL_OWNERS].kind]);
});
