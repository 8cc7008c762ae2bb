#!/usr/bin/env node
// kaloryfer-release: ships a remote's build from its own repository to a running shop — the
// thin client of POST /registry/v1/remotes/<remote>/builds (docs/releasing.md). It packs the
// build folder, sends it with the team's token and prints the release gate's checks; the build
// is live on every instance of the shop when it answers, or refused with the reasons (exit 1).
const path = require('node:path');
const fs = require('node:fs');
const { packBuild, buildFolders } = require('./pack.cjs');

const USAGE = `usage: kaloryfer-release [--dist <folder>] [--shop <url>] [--token <token>] [--variant <id>]
                         [--weight <n>] [--canary <percent>] [--origin <url>] [--reason <text>] [--force]
  --shop    the shop to release to (or KALORYFER_SHOP_URL)
  --token   the team's registry token (or KALORYFER_REGISTRY_TOKEN; an operator makes one:
            npm run registry -- token create <team>)
  --dist    the build folder (default: ./dist — the build, or each A/B variant's folder in it)
  --variant only the build of this A/B variant; --weight its share of new visitors
  --canary  serve it to this share of shoppers first (1–99), stepped up while healthy
  --origin  the build is served from the team's own origin (a CDN) at this URL
  --reason  said in the registry's history; --force releases a build a canary marked bad`;

const VALUE_FLAGS = ['dist', 'shop', 'token', 'variant', 'weight', 'canary', 'origin', 'reason'];
const SWITCHES = ['force', 'help'];

/** `--name value` and `--name=value` flags; anything else is a mistake worth saying. */
function parseFlags(argv) {
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    const [arg, inline] = argv[i].split(/=(.*)/s, 2);
    const name = arg.replace(/^--/, '');
    if (!arg.startsWith('--')) throw new Error(`unexpected ${arg}\n${USAGE}`);
    if (SWITCHES.includes(name)) flags[name] = true;
    else if (VALUE_FLAGS.includes(name)) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      flags[name] = value;
    } else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  return flags;
}

function wholeNumber(flag, value, min, max) {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`--${flag} takes a whole number from ${min} to ${max}`);
  return number;
}

class RegistryCallError extends Error {
  constructor(status, message, gate) {
    super(message);
    this.status = status;
    this.gate = gate ?? null;
  }
}

async function publish({ shop, token }, remote, archive, query) {
  const url = new URL(`/registry/v1/remotes/${encodeURIComponent(remote)}/builds`, shop);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      body: new Uint8Array(archive),
      // The gate renders the build's pages before it answers: minutes at most.
      signal: AbortSignal.timeout(5 * 60_000),
    });
  } catch (error) {
    throw new RegistryCallError(
      0,
      `${shop} cannot be reached: ${error.cause?.message ?? error.message} (is the shop running, and is --shop / KALORYFER_SHOP_URL its address?)`,
    );
  }
  const answer = await response.json().catch(() => ({ result: `HTTP ${response.status}` }));
  if (!response.ok) {
    const result = answer.result;
    const message = typeof result === 'string' ? result : (result?.message ?? JSON.stringify(result));
    throw new RegistryCallError(response.status, `${shop} refused the build (HTTP ${response.status}): ${message}`, result?.gate);
  }
  return answer.result;
}

/** The gate's checks as lines for a terminal (the same lines `npm run release` prints in the shop's repository). */
function gateLines(gate) {
  const mark = { pass: '✓', fail: '✗', skip: '–' };
  return [
    `release gate: ${gate.ok ? 'passed' : 'REFUSED'} in ${(gate.ms / 1000).toFixed(1)} s`,
    ...gate.checks.map((check) => `  ${mark[check.status]} ${check.name.padEnd(13)} ${String(check.ms).padStart(6)} ms  ${check.detail}`),
  ];
}

async function main(argv) {
  const flags = parseFlags(argv);
  if (flags.help) return console.log(USAGE);
  const shop = flags.shop ?? process.env.KALORYFER_SHOP_URL;
  const token = flags.token ?? process.env.KALORYFER_REGISTRY_TOKEN;
  if (!shop) throw new Error(`no shop: pass --shop <url> or set KALORYFER_SHOP_URL\n${USAGE}`);
  if (!token) throw new Error(`no registry token: pass --token <token> or set KALORYFER_REGISTRY_TOKEN\n${USAGE}`);
  const query = {
    weight: wholeNumber('weight', flags.weight, 0, 1000),
    canary: wholeNumber('canary', flags.canary, 1, 99),
    origin: flags.origin,
    reason: flags.reason,
    force: flags.force ? true : undefined,
  };
  const dist = path.resolve(flags.dist ?? 'dist');
  let folders = buildFolders(dist).map((folder) => ({ folder, info: JSON.parse(fs.readFileSync(path.join(folder, 'build-info.json'), 'utf8')) }));
  if (flags.variant) folders = folders.filter(({ info }) => info.variant === flags.variant);
  if (folders.length === 0) throw new Error(`no build in ${dist}${flags.variant ? ` of variant ${flags.variant}` : ''}: run npm run build first`);
  for (const { folder, info } of folders) {
    const answer = await publish({ shop, token }, info.remote, await packBuild(folder), query);
    const name = `${info.remote} ${answer.build.version}${answer.build.variant === 'default' ? '' : ` (variant ${answer.build.variant})`}`;
    if (answer.outcome === 'unchanged') {
      console.log(`${name}: these exact files are live already (build ${answer.build.build.slice(0, 12)}) — nothing changed`);
      continue;
    }
    console.log(
      answer.outcome === 'canary'
        ? `canary of ${name} at ${query.canary} %, build ${answer.build.build.slice(0, 12)}: ${answer.event?.reason ?? ''}`
        : `released ${name}, build ${answer.build.build.slice(0, 12)}, contracts ${answer.build.contracts}`,
    );
    if (answer.gate) for (const line of gateLines(answer.gate)) console.log(line);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    if (error instanceof RegistryCallError && error.gate) for (const line of gateLines(error.gate)) console.error(line);
    process.exit(1);
  });
}

module.exports = { main, gateLines };
