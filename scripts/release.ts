import path from 'node:path';
import { REPO_ROOT } from '../api/src/config';
import { packBuild, readBuildFolder } from '../api/src/registry/build-archive';
import { parseBuildInfo } from '../api/src/registry/build-files';
import { distFoldersOf, LOCAL_REMOTES, WORKSPACES, type Remote } from './lib/local-builds';
import { eventLine, gateLines, RegistryCallError, registryClient } from './lib/registry-client';
import { parseFlags, registryTarget } from './lib/registry-cli-options';

const USAGE = `usage: npm run release -- <remote> [--dist <folder>] [--variant <id>] [--weight <n>] [--origin <url>] [--reason <text>]
                                [--canary <percent>] [--force] [--shop <url>] [--token <token>]
       npm run release -- <remote> --rollback [--variant <id>] [--to <version>]
remotes: ${LOCAL_REMOTES.join(', ')} (or their folder names, e.g. mfe-cart); any other remote of the shop with --dist
The build goes to the shop's registry over HTTP (docs/releasing.md); --dist names a build folder
(default: the remote's dist/ in this checkout, every variant of it). --canary 5 serves it to 5 % of
shoppers beside the live build, stepping up (25, 50, 100 %) while its signals are healthy and rolled
back by itself when not (npm run registry -- canary …); --force lets a build marked bad go again.`;

/**
 * npm run release: publish a remote's build to a shop's registry — the one thin client of
 * POST /registry/v1/remotes/<remote>/builds. The registry runs the release gate; the build is
 * live on every instance when this answers, or refused with the gate's reasons (exit 1).
 */
async function main() {
  const { words, flags } = parseFlags(
    process.argv.slice(2),
    ['variant', 'weight', 'dist', 'origin', 'reason', 'shop', 'token', 'to', 'canary'],
    ['rollback', 'force'],
  );
  const remote = words[0]?.replace(/^mfe-/, '') as Remote | undefined;
  // A remote of this repository by its name; a registered one's build by its folder (--dist).
  if (!remote || (!LOCAL_REMOTES.includes(remote) && !flags.dist) || words.length > 1) throw new Error(USAGE);
  const client = registryClient(registryTarget(flags));
  if (flags.rollback) {
    const event = await client.rollback(remote, { variant: flags.variant, to: flags.to, reason: flags.reason });
    console.log(`rolled back: ${eventLine(event)}`);
    return;
  }
  const weight = flags.weight === undefined ? undefined : Number(flags.weight);
  if (weight !== undefined && (!Number.isInteger(weight) || weight < 0)) throw new Error('--weight takes a whole number ≥ 0');
  const canary = flags.canary === undefined ? undefined : Number(flags.canary);
  if (canary !== undefined && (!Number.isInteger(canary) || canary < 1 || canary > 99)) throw new Error('--canary takes a percentage from 1 to 99');
  let folders = flags.dist ? [path.resolve(flags.dist)] : distFoldersOf(path.join(REPO_ROOT, WORKSPACES[remote]));
  if (flags.variant) folders = folders.filter((folder) => parseBuildInfo(readBuildFolder(folder).get('build-info.json')).variant === flags.variant);
  if (folders.length === 0) {
    throw new Error(`no build of ${remote}${flags.variant ? ` variant ${flags.variant}` : ''}: run npm run build -w ${WORKSPACES[remote]}`);
  }
  for (const folder of folders) {
    const answer = await client.publish(remote, await packBuild(folder), {
      weight,
      origin: flags.origin,
      reason: flags.reason,
      canary,
      force: flags.force ? true : undefined,
    });
    const name = `${remote} ${answer.build.version}${answer.build.variant === 'default' ? '' : ` (variant ${answer.build.variant})`}`;
    if (answer.outcome === 'unchanged') {
      console.log(`${name}: these exact files are live already (build ${answer.build.build.slice(0, 12)}) — nothing changed`);
      continue;
    }
    console.log(
      answer.outcome === 'canary'
        ? `canary of ${name} at ${canary} %, build ${answer.build.build.slice(0, 12)}: ${answer.event?.reason ?? ''}`
        : `released ${name}, build ${answer.build.build.slice(0, 12)}, contracts ${answer.build.contracts}`,
    );
    if (answer.gate) for (const line of gateLines(answer.gate)) console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof RegistryCallError && error.gate) for (const line of gateLines(error.gate)) console.error(line);
  process.exit(1);
});
