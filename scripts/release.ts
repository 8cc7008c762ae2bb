import fs from 'node:fs';
import path from 'node:path';
import { sourceFingerprint } from '@kaloryfer/mfe-build/source-fingerprint';
import { REPO_ROOT } from './lib/repo-root';
import { packBuild, readBuildFolder, parseBuildInfo } from '../api/public/builds';
import { buildWorkspace, distFoldersOf, LOCAL_REMOTES, WORKSPACES, type Remote } from './lib/local-builds';
import { BUMPS, nextVersion, type Bump } from './lib/next-version';
import { eventLine, gateLines, RegistryCallError, type PublishOptions, type RegistryClient } from './lib/registry-client';
import { connect, parseFlags, type RegistryTarget } from './lib/registry-cli-options';

const USAGE = `usage: npm run release -- <remote> [--bump patch|minor|major] [--wait] [--dist <folder>] [--variant <id>] [--weight <n>]
                                [--origin <url>] [--reason <text>] [--canary <percent>] [--force] [--shop <url>] [--token <token>]
       npm run release -- <remote> --rollback [--variant <id>] [--to <version>]
remotes: ${LOCAL_REMOTES.join(', ')} (or their folder names, e.g. mfe-cart); any other remote of the shop with --dist
The build goes to the shop's registry over HTTP (docs/releasing.md). Without --dist it is the remote's
build in this checkout (every variant of it), built first when its sources changed since that build.
--bump patch|minor|major builds the next free version (1.0.1; on the shop npm start runs 1.0.1-dev.0,
-dev.1, …). --wait: when another release of the remote is under way, wait for it and send the build again.
--canary 5 serves it to 5 % of shoppers beside the live build, stepping up (25, 50, 100 %) while its
signals are healthy and rolled back by itself when not (npm run registry -- canary …); --force lets a
build marked bad go again.`;

const say = (line: string) => console.log(line);

interface BuildInfoFile {
  version: string;
  variant: string | null;
  sources?: string;
}

const buildInfoOf = (folder: string) => JSON.parse(fs.readFileSync(path.join(folder, 'build-info.json'), 'utf8')) as BuildInfoFile;

async function publishedVersions(client: RegistryClient, remote: string): Promise<string[]> {
  return [...new Set((await client.versions(remote)).map((entry) => entry.version))];
}

/** The command to run next when a version is taken: the same release with --bump patch, and what it would build. */
async function nextCommand(client: RegistryClient, target: RegistryTarget, remote: string, current: string): Promise<string> {
  const version = nextVersion({ current, taken: await publishedVersions(client, remote), kind: 'patch', dev: target.dev });
  return `next: npm run release -- ${remote} --bump patch   (builds ${version} and releases it)`;
}

/**
 * This checkout's build of a remote, built first when it has to be: `--bump` builds the next free
 * version; a build whose sources fingerprint (build-info.json `sources`, shared/mfe-build) is not
 * the sources in hand — or that has no build yet — is built again at its version, unless that
 * version is published already: then the exact next command is the answer.
 */
async function localBuild(remote: Remote, bump: Bump | undefined, client: RegistryClient, target: RegistryTarget): Promise<string[]> {
  const dir = path.join(REPO_ROOT, WORKSPACES[remote]);
  const packageVersion = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const built = distFoldersOf(dir);
  const builtVersion = built.length > 0 ? buildInfoOf(built[0]).version : undefined;
  if (bump) {
    const version = nextVersion({ current: builtVersion ?? packageVersion, taken: await publishedVersions(client, remote), kind: bump, dev: target.dev });
    buildWorkspace(WORKSPACES[remote], say, version);
    return distFoldersOf(dir);
  }
  const wanted = process.env.REMOTE_VERSION || builtVersion || packageVersion;
  const sources = sourceFingerprint(dir);
  const stale = built.filter((folder) => buildInfoOf(folder).sources !== sources || buildInfoOf(folder).version !== wanted);
  if (built.length > 0 && stale.length === 0) return built;
  const where = stale.length > 0 ? path.relative(REPO_ROOT, stale[0]) : '';
  const why =
    built.length === 0
      ? 'it has no build yet'
      : buildInfoOf(stale[0]).sources === undefined
        ? `its build (${where}) does not record the sources it was made of`
        : buildInfoOf(stale[0]).sources !== sources
          ? `its sources changed since its build (${where})`
          : `its build (${where}) is ${buildInfoOf(stale[0]).version}, not ${wanted}`;
  if ((await publishedVersions(client, remote)).includes(wanted)) {
    throw new Error(
      `${remote}: ${why}, and ${wanted} is published already — a published version never changes.\n${await nextCommand(client, target, remote, wanted)}`,
    );
  }
  say(`${remote}: ${why}`);
  buildWorkspace(WORKSPACES[remote], say, process.env.REMOTE_VERSION || (builtVersion && builtVersion !== packageVersion ? builtVersion : undefined));
  return distFoldersOf(dir);
}

/**
 * Waits until nobody holds the remote's lease (another release, rollback or weight change: its
 * holder's time is 5 minutes at most), asking the registry's status every half second.
 */
async function leaseFreed(client: RegistryClient, remote: string): Promise<void> {
  const deadline = Date.now() + 6 * 60_000;
  while (Date.now() < deadline) {
    const status = await client.status();
    if (!status.remotes.find((entry) => entry.remote === remote)?.releaseInProgress) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${remote}: the other release still holds it after 6 minutes`);
}

/**
 * One build published; with --wait, a release in progress is waited for and the build sent again
 * once the lease is free — as often as another change takes the lease first, for 6 minutes.
 */
async function publish(client: RegistryClient, remote: string, folder: string, query: PublishOptions, wait: boolean) {
  const archive = await packBuild(folder);
  const deadline = Date.now() + 6 * 60_000;
  for (;;) {
    try {
      return await client.publish(remote, archive, query);
    } catch (error) {
      const busy = error instanceof RegistryCallError && error.status === 409 && /release in progress/.test(error.message);
      if (!wait || !busy || Date.now() > deadline) throw error;
      say(`${remote}: ${error.message.replace(/; try again when it is done$/, '')} — waiting for it (--wait)`);
      await leaseFreed(client, remote);
    }
  }
}

/**
 * npm run release: publish a remote's build to a shop's registry — the one thin client of
 * POST /registry/v1/remotes/<remote>/builds. The registry runs the release gate; the build is
 * live on every instance when this answers, or refused with the gate's reasons (exit 1).
 */
async function main() {
  const { words, flags } = parseFlags(
    process.argv.slice(2),
    ['variant', 'weight', 'dist', 'origin', 'reason', 'shop', 'token', 'to', 'canary', 'bump'],
    ['rollback', 'force', 'wait'],
  );
  const remote = words[0]?.replace(/^mfe-/, '') as Remote | undefined;
  // A remote of this repository by its name; a registered one's build by its folder (--dist).
  if (!remote || (!LOCAL_REMOTES.includes(remote) && !flags.dist) || words.length > 1) throw new Error(USAGE);
  const weight = flags.weight === undefined ? undefined : Number(flags.weight);
  if (weight !== undefined && (!Number.isInteger(weight) || weight < 0)) throw new Error('--weight takes a whole number ≥ 0');
  const canary = flags.canary === undefined ? undefined : Number(flags.canary);
  if (canary !== undefined && (!Number.isInteger(canary) || canary < 1 || canary > 99)) throw new Error('--canary takes a percentage from 1 to 99');
  const bump = flags.bump as Bump | undefined;
  if (bump !== undefined && !BUMPS.includes(bump)) throw new Error(`--bump takes ${BUMPS.join(', ')}, not ${flags.bump}`);
  if (bump && flags.dist) throw new Error('--bump builds this checkout’s remote; a --dist folder is released as it was built');
  const { client, target } = connect(flags);
  if (flags.rollback) {
    const event = await client.rollback(remote, { variant: flags.variant, to: flags.to, reason: flags.reason });
    console.log(`rolled back: ${eventLine(event)}`);
    return;
  }
  let folders = flags.dist ? [path.resolve(flags.dist)] : await localBuild(remote, bump, client, target);
  if (flags.variant) folders = folders.filter((folder) => parseBuildInfo(readBuildFolder(folder).get('build-info.json')).variant === flags.variant);
  if (folders.length === 0) throw new Error(`no build of ${remote}${flags.variant ? ` variant ${flags.variant}` : ''} in ${flags.dist ?? WORKSPACES[remote]}`);
  const query: PublishOptions = { weight, origin: flags.origin, reason: flags.reason, canary, force: flags.force ? true : undefined };
  for (const folder of folders) {
    let answer;
    try {
      answer = await publish(client, remote, folder, query, flags.wait === 'true');
    } catch (error) {
      if (error instanceof RegistryCallError && error.status === 409 && /never changes/.test(error.message)) {
        throw new RegistryCallError(409, `${error.message}\n${await nextCommand(client, target, remote, buildInfoOf(folder).version)}`);
      }
      throw error;
    }
    const name = `${remote} ${answer.build.version}${answer.build.variant === 'default' ? '' : ` (variant ${answer.build.variant})`}`;
    if (answer.outcome === 'unchanged') {
      console.log(`${name}: these exact files are live already (build ${answer.build.build.slice(0, 12)}) — nothing changed`);
      continue;
    }
    console.log(
      answer.outcome === 'canary'
        ? `canary of ${name} at ${canary} %, build ${answer.build.build.slice(0, 12)}: ${answer.event?.reason ?? ''}`
        : `released ${name}, build ${answer.build.build.slice(0, 12)}, contracts ${answer.build.contracts}: live on ${target.shop}`,
    );
    if (answer.gate) for (const line of gateLines(answer.gate)) console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof RegistryCallError && error.gate) for (const line of gateLines(error.gate)) console.error(line);
  process.exit(1);
});
