import fs from 'node:fs';
import path from 'node:path';

/**
 * No folder circle in the API (issue #53, docs/architecture.md): the folders of `api/src` (and
 * its root files: app, config, main) import each other one way. A circle — the catalogue
 * importing reviews while reviews import the catalogue — has no file cycle to show it, yet no
 * part of it can be read, tested or moved without the others. Shipped sources only (tests and
 * test support may reach across). Type imports count: a type is a dependency too.
 *
 * And the plugin rule api/README.md states: each area's plugin is `<area>/<area>-plugin.ts`.
 *
 * NOT_YET_ONE_WAY holds the circles still to break, each as its folders — none since the three
 * of 2026-12-02 were broken; should one ever be listed again, it may only shrink: a circle broken
 * fails the third test until it leaves the list, and a new one — or a folder joining a listed
 * one — fails the second.
 */
const ROOT = path.resolve(__dirname, '../..');
const API_SRC = path.join(ROOT, 'api/src');

const NOT_YET_ONE_WAY: string[][] = [];

const IMPORT = /(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g;

function* shippedSources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') yield* shippedSources(full);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield full;
  }
}

/** A file's folder under api/src, or its name for a root file (`config`, `app`). */
const nodeOf = (file: string) => {
  const relative = path.relative(API_SRC, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0] : relative.replace(/\.ts$/, '');
};

/** The folder graph: for each folder, the folders it imports and through which files. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of shippedSources(API_SRC)) {
    const from = nodeOf(file);
    for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const resolved = path.resolve(path.dirname(file), target);
      if (path.relative(API_SRC, resolved).startsWith('..')) continue;
      const to = nodeOf(resolved);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), path.relative(API_SRC, file)]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The circles: strongly connected sets of more than one folder (Tarjan's algorithm), each sorted. */
function circles(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        members.push(member);
      } while (member !== node);
      if (members.length > 1) found.push(members.sort());
    }
  };
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]);
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

const key = (members: string[]) => members.join(' ↔ ');

test('the graph is read: the orders import the cart, the cart nothing of the orders', () => {
  const graph = folderGraph();
  expect(graph.get('orders')?.has('cart')).toBe(true);
  expect(graph.get('cart')?.has('orders') ?? false).toBe(false);
});

test('no folder circle in api/src beyond the listed ones', () => {
  const graph = folderGraph();
  const known = new Set(NOT_YET_ONE_WAY.map(key));
  const unknown = circles(graph)
    .filter((members) => !known.has(key(members)))
    .map((members) => {
      const through = members.flatMap((from) =>
        members.filter((to) => graph.get(from)?.has(to)).map((to) => `${from} → ${to} (${graph.get(from)!.get(to)![0]})`),
      );
      return `${key(members)}: ${through.join('; ')}`;
    });
  expect(unknown).toEqual([]);
});

test('every listed circle still exists (a broken one leaves NOT_YET_ONE_WAY)', () => {
  const now = new Set(circles(folderGraph()).map(key));
  expect(NOT_YET_ONE_WAY.map(key).filter((listed) => !now.has(listed))).toEqual([]);
});

test('a circle is found: two folders importing each other', () => {
  const graph = new Map([
    ['a', new Map([['b', ['a/x.ts']]])],
    [
      'b',
      new Map([
        ['a', ['b/y.ts']],
        ['c', ['b/z.ts']],
      ]),
    ],
  ]);
  expect(circles(graph)).toEqual([['a', 'b']]);
});

test('each area has one plugin, named <area>/<area>-plugin.ts, and every area with routes has it (api/README.md)', () => {
  const misnamed: string[] = [];
  const withoutPlugin: string[] = [];
  for (const area of fs.readdirSync(API_SRC, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const files = fs.readdirSync(path.join(API_SRC, area.name));
    for (const file of files.filter((name) => name.endsWith('-plugin.ts') && !name.endsWith('.test.ts'))) {
      if (file !== `${area.name}-plugin.ts`) misnamed.push(`${area.name}/${file}`);
    }
    if (files.some((name) => name.endsWith('-routes.ts')) && !files.includes(`${area.name}-plugin.ts`)) withoutPlugin.push(area.name);
  }
  expect({ misnamed, withoutPlugin }).toEqual({ misnamed: [], withoutPlugin: [] });
});
