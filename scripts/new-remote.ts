import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isBuiltInRemote, REMOTE_NAME_PATTERN } from '@kaloryfer/contracts/meta';
import { parseFlags } from './lib/registry-cli-options';
import { ROOT, sharedPackages } from './packages/shared-packages';

const USAGE = `usage: npm run new-remote -- <name> [--dir <folder>] [--route <pattern>] [--registry <url>]
A new remote's repository, ready to build, test and ship on its own (docs/releasing.md, "A remote's
repository"): <name> in lower-case letters and digits; --dir the folder to make (default
../kaloryfer-<name>, beside this repository); --route the path it owns (default /<name>);
--registry the npm registry with the shop's packages (default http://127.0.0.1:4873/, this
machine's: npm run packages:registry).`;

const TEMPLATE = path.join(__dirname, 'new-remote', 'template');

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

/** Every template file, as paths relative to the template (`x.tsx.tmpl` → `x.tsx`). */
function templateFiles(dir = TEMPLATE, relative = ''): string[] {
  return fs.readdirSync(path.join(dir, relative), { withFileTypes: true }).flatMap((entry) => {
    const file = relative ? `${relative}/${entry.name}` : entry.name;
    return entry.isDirectory() ? templateFiles(dir, file) : [file];
  });
}

/**
 * The new remote's package.json: the shop's packages by semver range of their current versions,
 * and the same versions of React, nanostores and the build and test tools the shop's own remotes
 * use (mfe-content's package.json), so it shares one copy of each singleton with the shell.
 */
function packageJson(name: string): string {
  const reference = JSON.parse(fs.readFileSync(path.join(ROOT, 'mfe-content', 'package.json'), 'utf8')) as PackageJson;
  const versions = Object.fromEntries(sharedPackages().map((pkg) => [pkg.name, `^${pkg.version}`]));
  const shop = (names: string[]) => Object.fromEntries(names.map((pkg) => [pkg, versions[pkg]]));
  const third = (deps: Record<string, string> = {}) => Object.fromEntries(Object.entries(deps).filter(([pkg]) => !pkg.startsWith('@kaloryfer/')));
  const sorted = (deps: Record<string, string>) => Object.fromEntries(Object.entries(deps).sort(([a], [b]) => a.localeCompare(b)));
  const pkg = {
    name: `mfe-${name}`,
    version: '1.0.0',
    private: true,
    description: `The ${name} remote of the Kaloryfer shop`,
    engines: { node: '>=20.19' },
    scripts: { build: 'rspack build', test: 'jest', typecheck: 'tsc -p tsconfig.json', release: 'kaloryfer-release', ci: 'bash ci.sh' },
    dependencies: sorted({
      ...shop(['@kaloryfer/api-contract', '@kaloryfer/contracts', '@kaloryfer/domain', '@kaloryfer/i18n', '@kaloryfer/ui']),
      ...third(reference.dependencies),
    }),
    devDependencies: sorted({ ...shop(['@kaloryfer/mfe-build']), ...third(reference.devDependencies) }),
    allowScripts: reference.allowScripts,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** Writes the repository; answers its files. */
export function newRemote(options: { name: string; dir: string; route: string; registry: string }): string[] {
  if (!new RegExp(REMOTE_NAME_PATTERN).test(options.name))
    throw new Error(`"${options.name}" is no remote name: lower-case letters and digits, a letter first, at most 16`);
  if (isBuiltInRemote(options.name)) throw new Error(`${options.name} is one of the shop's own remotes`);
  if (!/^\/[a-z0-9][a-z0-9/-]*$/.test(options.route)) throw new Error(`--route: a path such as /${options.name}`);
  if (fs.existsSync(options.dir) && fs.readdirSync(options.dir).length > 0) throw new Error(`${options.dir} is not empty`);
  const fill = (text: string) => text.replaceAll('__NAME__', options.name).replaceAll('__ROUTE__', options.route);
  const written: string[] = [];
  for (const file of templateFiles()) {
    const target = file === 'gitignore.tmpl' ? '.gitignore' : file.replace(/\.tmpl$/, '');
    fs.mkdirSync(path.dirname(path.join(options.dir, target)), { recursive: true });
    fs.writeFileSync(path.join(options.dir, target), fill(fs.readFileSync(path.join(TEMPLATE, file), 'utf8')), target.endsWith('.sh') ? { mode: 0o755 } : {});
    written.push(target);
  }
  fs.writeFileSync(path.join(options.dir, 'package.json'), packageJson(options.name));
  fs.writeFileSync(
    path.join(options.dir, '.npmrc'),
    `# The shop's packages (@kaloryfer/*) come from the company's registry; everything else from npm's.\n@kaloryfer:registry=${options.registry}\n`,
  );
  return [...written, 'package.json', '.npmrc'].sort();
}

function main() {
  const { words, flags } = parseFlags(process.argv.slice(2), ['dir', 'route', 'registry']);
  const [name] = words;
  if (!name || words.length > 1) throw new Error(USAGE);
  const dir = path.resolve(flags.dir ?? path.join(ROOT, '..', `kaloryfer-${name}`));
  const route = flags.route ?? `/${name}`;
  const files = newRemote({ name, dir, route, registry: flags.registry ?? 'http://127.0.0.1:4873/' });
  if (spawnSync('git', ['init', '-q'], { cwd: dir }).status !== 0) console.warn('(git init did not run: the folder is not a repository yet)');
  console.log(`The ${name} remote's repository is in ${dir} (${files.length} files).\n`);
  console.log('Next:');
  console.log(
    `  1. the shop's packages on a registry:   npm run packages:registry & npm run packages:publish -- --registry ${flags.registry ?? 'http://127.0.0.1:4873/'}`,
  );
  console.log(`  2. the operator registers it:          npm run registry -- remote add ${name} --route ${name}=${route}`);
  console.log(`                                         npm run registry -- token create ${name}`);
  console.log(`  3. the team ships it:                  cd ${dir} && KALORYFER_SHOP_URL=<shop> KALORYFER_REGISTRY_TOKEN=<token> ./ci.sh`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
