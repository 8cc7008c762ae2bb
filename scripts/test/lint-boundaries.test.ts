import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The lint's boundaries can fail (eslint.config.mjs, `import/no-restricted-paths`): a probe
 * file, given to ESLint as if it lived in one part of the tree, imports another part. Each row
 * says whether the architecture allows it. A cycle (`import/no-cycle`) needs two files: the
 * probe takes the place of a module on disk and imports one that, on disk, imports it back.
 */
const ROOT = path.resolve(__dirname, '../..');

function lint(filePath: string, source: string): string[] {
  let out: string;
  try {
    out = execFileSync(path.join(ROOT, 'node_modules/.bin/eslint'), ['--stdin', '--stdin-filename', filePath, '-f', 'json'], {
      cwd: ROOT,
      input: source,
      encoding: 'utf8',
    });
  } catch (error) {
    out = (error as { stdout: string }).stdout; // exit code 1: problems found, the report is on stdout
  }
  const [report] = JSON.parse(out) as { messages: { ruleId: string | null }[] }[];
  return report.messages.map((message) => message.ruleId ?? 'parse error');
}

test.each([
  [
    'a remote imports another remote',
    'mfe-cart/src/probe.ts',
    "export { CatalogApp } from '../../mfe-catalog/src/app.exposed';",
    ['import/no-restricted-paths'],
  ],
  [
    'a remote imports the shell',
    'mfe-checkout/src/probe.ts',
    "export { ShellLayout } from '../../shell/src/layout/shell-layout';",
    ['import/no-restricted-paths'],
  ],
  ['the shell imports a remote', 'shell/src/probe.ts', "export * from '../../mfe-account/src/session/profile-task';", ['import/no-restricted-paths']],
  [
    "the page server imports the API's source",
    'shell/server/probe.ts',
    "export { Overrides } from '../../api/src/registry/overrides';",
    ['import/no-restricted-paths'],
  ],
  ['the page server takes a shared request rule from the contract', 'shell/server/probe.ts', "export { isCrossSiteForm } from '@kaloryfer/api-contract';", []],
  ["a page server's test uses the API's real cookie signer", 'shell/server/probe.test.ts', "export { Overrides } from '../../api/public/page-parts';", []],
  [
    "a page server's test imports the API's source",
    'shell/server/probe.test.ts',
    "export { Overrides } from '../../api/src/registry/overrides';",
    ['import/no-restricted-paths'],
  ],
  [
    "a command's test imports the API's source",
    'scripts/test/probe.test.ts',
    "export { openDatabase } from '../../api/src/db/database';",
    ['import/no-restricted-paths'],
  ],
  ["a command's test uses another part of the tree", 'scripts/test/probe.test.ts', "export { SHELL_BUNDLES } from '../../shell/src/i18n/shell-bundles';", []],
  ['a bench imports a test file', 'api/bench/probe.ts', "export * from '../test/order-helpers';", ['import/no-restricted-paths']],
  ['a bench uses the harness', 'api/bench/probe.ts', "export { startTestServer } from '../harness/test-server';", []],
  ["a command imports the API's source", 'scripts/probe.ts', "export { loadConfig } from '../api/src/config';", ['import/no-restricted-paths']],
  ["a command uses the API's public entry point", 'scripts/probe.ts', "export { loadConfig } from '../api/public/config';", []],
  [
    'a command installs the page server itself',
    'scripts/probe.ts',
    "export { installPageServer } from '../shell/server/page-server';",
    ['import/no-restricted-paths'],
  ],
  ['a command starts the shop through the composition root', 'scripts/probe.ts', "export { composeShop } from '../composition/compose-shop';", []],
  [
    'the API imports the composition root',
    'api/src/probe.ts',
    "export { loadShopSettings } from '../../composition/shop-settings';",
    ['import/no-restricted-paths'],
  ],
  [
    'the page server imports the composition root',
    'shell/server/probe.ts',
    "export { composeShop } from '../../composition/compose-shop';",
    ['import/no-restricted-paths'],
  ],
  ["the composition root imports the API's source", 'composition/probe.ts', "export { buildApp } from '../api/src/app';", ['import/no-restricted-paths']],
  [
    "the composition root uses the API's public entry point and the page server",
    'composition/probe.ts',
    "export { buildApp } from '../api/public/app';\nexport { installPageServer } from '../shell/server/page-server';",
    [],
  ],
  ["an API area imports another area's module", 'api/src/orders/probe.ts', "export { mailRow } from '../mail/mail-queue';", ['import/no-restricted-paths']],
  ['an API area uses another through its door', 'api/src/orders/probe.ts', "export { mailRow } from '../mail';", []],
  ['an API area uses its own modules', 'api/src/mail/probe.ts', "export { mailRow } from './mail-queue';", []],
  [
    "app.ts's folder imports an area's module",
    'api/src/probe.ts',
    "export { RegistryStore } from './registry/registry-store';",
    ['import/no-restricted-paths'],
  ],
  ["app.ts's folder registers an area's plugin", 'api/src/probe.ts', "export { mailPlugin } from './mail/mail-plugin';", []],
  ["the API's infrastructure imports an area", 'api/src/http/probe.ts', "export { ShopMetrics } from '../metrics';", ['import/no-restricted-paths']],
  ['an API area uses the infrastructure', 'api/src/orders/probe.ts', "export { envelope } from '../http/envelope';", []],
  ["the API's code imports the harness", 'api/src/probe.ts', "export { startTestServer } from '../harness/test-server';", ['import/no-restricted-paths']],
  ['shared/ui imports the API', 'shared/ui/src/probe.ts', "export * from '../../../api/src/http/cache-control';", ['import/no-restricted-paths']],
  [
    'shared/domain imports a package with effects',
    'shared/domain/src/probe.ts',
    "export { apiJson } from '../../ui/src/api-json';",
    ['packages/public-entry', 'import/no-restricted-paths'],
  ],
  [
    "a remote imports the API contract's schema code",
    'mfe-account/src/probe.ts',
    "export { Company } from '@kaloryfer/api-contract';",
    ['@typescript-eslint/no-restricted-imports'],
  ],
  [
    "the shell imports the API contract's schema code",
    'shell/src/probe.ts',
    "import { answers } from '@kaloryfer/api-contract';\nexport const probe = answers;",
    ['@typescript-eslint/no-restricted-imports'],
  ],
  [
    "shared/domain imports the API contract's schema code",
    'shared/domain/src/probe.ts',
    "export { Product } from '@kaloryfer/api-contract';",
    ['@typescript-eslint/no-restricted-imports'],
  ],
  [
    "shared/domain imports the API contract's types",
    'shared/domain/src/probe.ts',
    "import type { Product } from '@kaloryfer/api-contract';\nexport const probe = (product: Product) => product.sku;",
    [],
  ],
  [
    "a remote imports the API contract's types",
    'mfe-checkout/src/probe.ts',
    "import type { Company } from '@kaloryfer/api-contract';\nexport const probe = (company: Company) => company.nip;",
    [],
  ],
  [
    'a remote imports shared packages and its own files',
    'mfe-cart/src/probe.ts',
    "export { $cart } from '@kaloryfer/contracts';\nexport { CART_KEY } from './engine/cart-storage';",
    [],
  ],
  [
    'a module imports one that imports it back',
    'shell/src/sync-queue/sync-database.ts',
    "export { indexedDbTaskStore } from './idb-task-store';",
    ['import/no-cycle'],
  ],
  [
    'a module loads one on demand that imports it back through another',
    'shell/src/sync-queue/sync-database.ts',
    "export const probe = () => import('./index');",
    ['import/no-cycle'],
  ],
  [
    'a pricing step imports the module that runs the steps',
    'api/src/cart/line-steps/step.ts',
    "export { priceLine } from '../cart-lines';",
    ['import/no-cycle'],
  ],
  [
    'a module imports one that imports it back as types only (gone at run time)',
    'api/src/cart/priced-line.ts',
    "import { priceLine } from './cart-lines';\nexport const probe = priceLine;",
    [],
  ],
  ['a PascalCase file name', 'mfe-catalog/src/product/ProductPage.tsx', 'export const probe = 1;', ['file-names/kebab-case']],
  ['a camelCase file name', 'shell/src/sync-queue/onDemand.ts', 'export const probe = 1;', ['file-names/kebab-case']],
  ['kebab-case words with suffixes and a language tag', 'mfe-account/src/i18n/auth.pl-PL.ts', 'export const probe = 1;', []],
  ['a module a remote exposes', 'mfe-cart/src/widgets/mini-cart.exposed.tsx', 'export const probe = 1;', []],
  [
    'shipped code imports test support',
    'mfe-cart/src/probe.ts',
    "export { ScriptedCartServer } from './engine/testing/scripted-cart-server';",
    ['no-restricted-imports'],
  ],
  ['a test imports test support', 'mfe-cart/src/probe.test.ts', "export { ScriptedCartServer } from './engine/testing/scripted-cart-server';", []],
  [
    "a remote reaches into a shared package's src/",
    'mfe-account/src/probe.ts',
    "export { NEWSLETTER_CONSENT } from '@kaloryfer/domain/src/newsletter/consent';",
    ['packages/public-entry'],
  ],
  [
    "a remote's test reaches into a shared package's src/ (its tests run against the published package)",
    'mfe-cart/src/probe.test.tsx',
    "export { renderRemote } from '@kaloryfer/ui/src/testing/render-remote';",
    ['packages/public-entry'],
  ],
  [
    "the API reaches into a shared package's dist/",
    'api/src/probe.ts',
    "export { majorOf } from '@kaloryfer/contracts/dist/meta.mjs';",
    ['packages/public-entry'],
  ],
  [
    "a shared package reaches into another's folder by path",
    'shared/ui/src/probe.ts',
    "export { NEWSLETTER_CONSENT } from '../../domain/src/newsletter/consent';",
    ['packages/public-entry'],
  ],
  [
    "a package's public entry points",
    'mfe-cart/src/probe.test.tsx',
    "export { renderRemote } from '@kaloryfer/ui/testing';\nexport { NEWSLETTER_CONSENT } from '@kaloryfer/domain/newsletter';",
    [],
  ],
])(
  '%s',
  (_name, filePath, source, expected) => {
    expect(lint(filePath, `${source}\n`)).toEqual(expected);
  },
  30_000,
);
