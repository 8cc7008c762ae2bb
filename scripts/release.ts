import path from 'node:path';
import { loadConfig, REMOTES, REPO_ROOT, remoteOrigin, type Remote } from '../api/src/config';
import { distFoldersOf, publishBuild, readBuildInfo, releaseFolder } from './lib/publish';
import { rollbackRemote } from './lib/registry-file';
import { WORKSPACES } from './lib/shop';

const USAGE = `usage: npm run release -- <remote> [--variant <id>] [--weight <n>] [--dist <folder>]
       npm run release -- <remote> --rollback
remotes: ${REMOTES.join(', ')} (or their folder names, e.g. mfe-cart)`;

function parse(argv: string[]) {
  const [first, ...rest] = argv;
  const remote = first?.replace(/^mfe-/, '') as Remote | undefined;
  if (!remote || !REMOTES.includes(remote)) throw new Error(USAGE);
  const options: { remote: Remote; variant?: string; weight?: number; dist?: string; rollback: boolean } = { remote, rollback: false };
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i];
    if (flag === '--rollback') options.rollback = true;
    else if (flag === '--variant') options.variant = rest[++i];
    else if (flag === '--dist') options.dist = rest[++i];
    else if (flag === '--weight') {
      options.weight = Number(rest[++i]);
      if (!Number.isFinite(options.weight) || options.weight < 0) throw new Error('--weight takes a number ≥ 0');
    } else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return options;
}

/**
 * npm run release: publish one remote's current build under its version and switch the
 * registry to it (atomically), or --rollback to the previous entry. The shell is not rebuilt:
 * the next page load reads the new registry.
 */
function main() {
  const config = loadConfig();
  const options = parse(process.argv.slice(2));
  if (options.rollback) {
    const restored = rollbackRemote(config.varDir, options.remote);
    console.log(`rolled back ${options.remote}: ${restored ? JSON.stringify(restored) : 'entry removed'}`);
    return;
  }
  const remoteDir = path.join(REPO_ROOT, WORKSPACES[options.remote]);
  let folders = options.dist ? [path.resolve(options.dist)] : distFoldersOf(remoteDir);
  if (options.variant) folders = folders.filter((folder) => readBuildInfo(folder).variant === options.variant);
  if (folders.length === 0) {
    throw new Error(`no build of ${options.remote}${options.variant ? ` variant ${options.variant}` : ''}: run npm run build -w ${WORKSPACES[options.remote]}`);
  }
  for (const distDir of folders) {
    const info = readBuildInfo(distDir);
    if (info.remote !== options.remote) throw new Error(`${distDir} holds a build of ${info.remote}, not ${options.remote}`);
    publishBuild({ varDir: config.varDir, distDir, origin: remoteOrigin(config, options.remote), weight: options.weight });
    console.log(`released ${options.remote} ${releaseFolder(info)} (contracts ${info.contracts})`);
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
