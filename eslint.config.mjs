// Lint (docs/architecture.md, "Boundaries"): module boundaries, React hooks and accessibility
// rules, TypeScript's recommended rules. `npm run lint` runs it with zero warnings allowed, as
// part of `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The remotes built in this repository: every `mfe-*` folder with a package. */
const REMOTES = fs
  .readdirSync(import.meta.dirname)
  .filter((name) => name.startsWith('mfe-') && fs.existsSync(path.join(import.meta.dirname, name, 'package.json')));
/**
 * The API's areas (api/README.md): each `api/src/<area>/` is a feature with one door — its
 * plugin (`<area>-plugin.ts`, for app.ts) and an `index.ts` of what other areas may use. The
 * API's own infrastructure (the database, HTTP helpers, tokens and passwords) is not an area:
 * any area uses its modules, and it uses no area.
 */
const API_INFRASTRUCTURE = ['auth', 'db', 'http'];
const API_AREAS = fs
  .readdirSync(path.join(import.meta.dirname, 'api/src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_INFRASTRUCTURE.includes(entry.name))
  .map((entry) => entry.name);
// Tests, and what only tests use: test support lives in a `testing/` folder beside the code it
// fakes; the API's (a test server, the VSF replays, the fuzz generators — the benches use them
// too) in api/harness/.
const TESTS = ['**/*.test.{ts,tsx}', '**/testing/**', 'e2e/**', 'api/test/**', 'api/harness/**', 'scripts/test/**'];

/**
 * One file-name convention (docs/architecture.md, "Names"): kebab-case words, then dotted
 * suffixes that say what the file is (`.test`, `.exposed` for a module a remote exposes,
 * `.static`, `.d`) or a language tag (`auth.pl-PL.ts`).
 */
const WORDS = '[a-z0-9]+(?:-[a-z0-9]+)*';
const LANGUAGE = '[a-z]{2}-[A-Z]{2}';
const FILE_NAME = new RegExp(`^(?:${WORDS}|${LANGUAGE})(?:\\.(?:${WORDS}|${LANGUAGE}))*\\.tsx?$`);
const fileNames = {
  rules: {
    'kebab-case': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: { name: 'File names are kebab-case (`product-page.tsx`, `app.exposed.tsx`, `auth.pl-PL.ts`): rename {{name}}.' },
      },
      create(context) {
        const name = context.filename.split(/[\\/]/).pop();
        return {
          Program(node) {
            if (!FILE_NAME.test(name)) context.report({ node, messageId: 'name', data: { name } });
          },
        };
      },
    },
  },
};

/**
 * A shared package is used through its public entry points only — the `exports` of its
 * package.json, which is its whole published surface (docs/architecture.md, "Shared packages"):
 * `@kaloryfer/ui`, `@kaloryfer/ui/testing`, never `@kaloryfer/ui/src/…` or `…/dist/…`, and never a
 * relative path into another package's folder. Tests too: a remote's tests run against the
 * published packages in the remote's own repository.
 */
const SHARED = path.join(import.meta.dirname, 'shared');
const sharedPackageOf = (file) => {
  const relative = path.relative(SHARED, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};
const packages = {
  rules: {
    'public-entry': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          deep: "{{source}} reaches into a shared package's files: import one of its entry points (the `exports` of its package.json; add one there if it is missing).",
          relative: '{{source}} reaches into shared/{{target}} by path: import it by its package name (@kaloryfer/…) and one of its entry points.',
        },
      },
      create(context) {
        const own = sharedPackageOf(context.filename);
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          if (/^@kaloryfer\/[^/]+\/(?:src|dist)(?:\/|$)/.test(source)) context.report({ node, messageId: 'deep', data: { source } });
          else if (source.startsWith('.')) {
            const target = sharedPackageOf(path.resolve(path.dirname(context.filename), source));
            if (target && target !== own) context.report({ node, messageId: 'relative', data: { source, target } });
          }
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ImportExpression: (node) => check(node, node.source.value),
          CallExpression: (node) => {
            const [first] = node.arguments;
            if (first?.type === 'Literal' && ['require', 'jest.requireActual', 'jest.mock'].includes(context.sourceCode.getText(node.callee)))
              check(node, first.value);
          },
        };
      },
    },
  },
};

/**
 * Who may import whom. A remote: shared/* and its own files only (never another remote, the
 * shell or the API). shared/*: never a remote, the shell or the API. The API: never a remote or
 * the shell. The shell: never a remote (remotes arrive at run time). shared/domain: rules without
 * effects; of the other shared packages only the API's shapes, as types, from api-contract (the
 * block below checks it) and i18n's message list.
 */
const zones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: [...REMOTES.filter((other) => other !== remote).map((other) => `./${other}`), './shell', './api'],
    message: 'A remote imports shared/* and its own files only: talk to others through @kaloryfer/contracts.',
  })),
  {
    target: './shared',
    from: [...REMOTES.map((remote) => `./${remote}`), './shell', './api'],
    message: 'shared/* never imports a remote, the shell or the API.',
  },
  { target: './api', from: [...REMOTES.map((remote) => `./${remote}`), './shell'], message: 'The API never imports a remote or the shell.' },
  { target: './shell', from: REMOTES.map((remote) => `./${remote}`), message: 'The shell never imports a remote: remotes are composed at run time.' },
  // The page server imports nothing of the API (issue #53): it is handed the API's parts as ports
  // (shell/server/ports.ts) and shares the request rules through @kaloryfer/api-contract.
  {
    target: './shell/server',
    from: './api',
    message: "The page server imports nothing of the API's source: take a port (shell/server/ports.ts) or the shared rule from @kaloryfer/api-contract.",
  },
  { target: './shared/domain', from: ['./shared/ui', './shared/contracts', './shared/mfe-build'], message: 'shared/domain holds rules without effects.' },
  // Shipped code holds no test code (issue #53): the API's code reaches neither its tests nor
  // their harness (a unit test beside the code may: TESTS turns the zones off); the benches use
  // the harness (a test server, the VSF replays, the fuzz generators), never a test file.
  {
    target: './api/src',
    from: ['./api/test', './api/harness', './api/bench'],
    message: "The API's code never imports its tests, their harness or the benches.",
  },
  { target: './api/bench', from: './api/test', message: 'A bench uses api/harness/, never a test file.' },
  // The shop's commands use the API through its public entry points (api/public/README.md, issue #53).
  { target: './scripts', from: './api/src', message: "A command uses the API through api/public/ (its entry points), never api/src's modules." },
  // Areas sealed (issue #53): another area, and app.ts, import an area through its door only.
  ...API_AREAS.map((area) => ({
    target: [
      ...API_AREAS.filter((other) => other !== area).map((other) => `./api/src/${other}`),
      ...API_INFRASTRUCTURE.map((folder) => `./api/src/${folder}`),
      './api/src/*.ts',
    ],
    from: `./api/src/${area}`,
    except: ['./index.ts', `./${area}-plugin.ts`],
    message: `Another area uses ${area} through its door: api/src/${area}/index.ts (or its plugin, for app.ts).`,
  })),
  {
    target: [...API_INFRASTRUCTURE.map((folder) => `./api/src/${folder}`), './api/src/config.ts'],
    from: API_AREAS.map((area) => `./api/src/${area}`),
    message: "The API's infrastructure (auth/, db/, http/, config.ts) uses no area: an area hands it what it needs.",
  },
  // The composition root (composition/, issue #53) builds one instance from the API and the page server:
  // no part imports it, it takes the API through api/public/, and a command starts the shop
  // through it, never by installing the page server itself.
  {
    target: ['./api', './shell', './shared', ...REMOTES.map((remote) => `./${remote}`)],
    from: './composition',
    message: 'The composition root (composition/) builds the shop from its parts: no part imports it.',
  },
  { target: './composition', from: './api/src', message: 'The composition root takes the API through api/public/ (its entry points).' },
  {
    target: './scripts',
    from: './shell/server',
    message: 'A command starts the shop through the composition root (composition/compose-shop.ts), never the page server itself.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.var/**', 'var/**', 'e2e/test-results/**', '**/*.cjs', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'file-names': fileNames, packages },
    settings: {
      // The shared packages' source, as TypeScript reads them here (tsconfig.json customConditions).
      'import/resolver': {
        typescript: {
          project: './tsconfig.json',
          conditionNames: ['@kaloryfer/source', 'types', 'import', 'esm2020', 'es2020', 'es2015', 'require', 'node', 'node-addons', 'browser', 'default'],
        },
        node: true,
      },
      // import/no-cycle reads the modules a file imports: TypeScript ones (the plugin's default is
      // .js only, which would find nothing), and never a package's .d.ts files in node_modules
      // (no cycle can run through them, and parsing them costs more than the rest of the lint).
      'import/extensions': ['.ts', '.tsx'],
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones }],
      // No module imports one that imports it back, however far round (a type-only import is no
      // cycle: it is gone at run time). Break one by moving the shared piece to its own module.
      // disableScc: the plugin's shortcut (strongly connected components) crashes on a file not
      // on disk (an editor's unsaved buffer, the probes of scripts/test/lint-boundaries.test.ts),
      // and saves nothing measurable here: parsing the imported modules is what the rule costs.
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
      'file-names/kebab-case': 'error',
      'packages/public-entry': 'error',
      // Test support (a `testing/` folder) never reaches a shipped module.
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)testing(/|$)', message: 'Only tests import test support (a testing/ folder).' }] }],
      // `_name` marks a value left out on purpose (a rest sibling, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Escape on a dialog, drawer or menu is handled where the keys bubble to: the container
      // (the WAI-ARIA dialog pattern). Mouse handlers on a non-control stay forbidden.
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] }],
      'jsx-a11y/no-static-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'], allowExpressionValues: true }],
      // A region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1): tabIndex 0 on it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    // The remotes, the shell, shared/ui, shared/contracts and shared/domain (whose rules run in
    // browsers too) read the API's shapes from shared/api-contract as types only: its TypeBox
    // schemas are the API's to run, and no schema code reaches a browser bundle.
    files: [
      ...REMOTES.map((remote) => `${remote}/**/*.{ts,tsx}`),
      'shell/src/**/*.{ts,tsx}',
      'shared/ui/**/*.{ts,tsx}',
      'shared/contracts/**/*.{ts,tsx}',
      'shared/domain/**/*.{ts,tsx}',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kaloryfer/api-contract',
              allowTypeImports: true,
              message: "Import the API's shapes as types only: `import type { … } from '@kaloryfer/api-contract'`.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may reach across a boundary to use the real thing (the API's sanitiser in a CMS page
    // test, its security headers in the page server's fixture), load modules afresh with
    // require(), and call their own `use…` helpers outside components.
    files: TESTS,
    rules: {
      'import/no-restricted-paths': 'off',
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      'react-hooks/rules-of-hooks': 'off',
      // Fixtures and stubs of wire formats are typed loosely on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The page server's, the commands' and the composition root's tests too take the API through
    // its public entry points (api/public/: the page server's parts, the settings, the database):
    // nothing outside the API imports api/src (issue #53).
    files: ['shell/server/**/*.test.{ts,tsx}', 'shell/server/**/testing/**', 'scripts/**/*.test.ts', 'scripts/test/**', 'composition/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./shell/server', './scripts', './composition'],
              from: './api/src',
              message: "A test outside the API uses it through api/public/ (its entry points), never api/src's modules.",
            },
          ],
        },
      ],
    },
  },
);
