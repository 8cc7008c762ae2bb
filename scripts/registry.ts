import { loadConfig } from '../api/public/config';
import { openDatabase, migrateToLatest } from '../api/public/database';
import { RegistryTokens } from '../api/public/app';
import { eventLine, gateLines, RegistryCallError, type RegistryStatus } from './lib/registry-client';
import { connect, parseFlags } from './lib/registry-cli-options';
import { signalLines } from './lib/signal-lines';

const USAGE = `usage: npm run registry -- <command> [--shop <url>] [--token <token>]
  status                                   what every remote serves: builds, variants, weights, gate results, who and when
  history <remote> [--limit <n>]           its releases, rollbacks, weights, withdrawals and refusals, newest first
  signals <remote> [--minutes <n>]         each build's signals over the last minutes (default 60): renders, failures,
                                           budget misses, page views, errors, fallbacks, web vitals
  rollback <remote> [--variant <id>] [--to <version>] [--reason <text>]
                                           the build before the live one (or the one published as --to) goes live again
  canary <pause|resume|promote|abort> <remote> [--variant <id>] [--force] [--reason <text>]
                                           a running canary: hold it at its share, let it step again, make it
                                           live now, or send its shoppers back to the live build
  override <remote> <version|https-url> [--for 1h] [--variant <id>]
                                           operators: a link that makes the browser opening it load that build
                                           (a published version, or a team's https remoteEntry.js) for a while
  weight <remote> <variant> <n>            an A/B variant's share of new visitors
  withdraw <remote> <variant>              ends an A/B variant (not the control)
  token list | token create <team> [--label <text>] | token revoke <id|team>
                                           operators only; with --db straight on this machine's database
                                           (DATABASE_URL or VAR_DIR): the way to make the first operator token
  remote list                              the shop's remotes: the built-in five and those registered, routes and slots
  remote add <name> [--route <name>=<pattern> …] [--slot <slot>=<./Module> …]
                                           operators: a new remote joins the shop — its team can then get a token
                                           and release; its routes and slots reach pages with the next page view
  remote remove <name>                     operators: a registered remote with nothing live leaves the shop
teams: operator, or a remote's name (npm run registry -- remote list)`;

/** `remote add gallery --route gallery=/galeria --route gallery-item=/galeria/:slug --slot footer=./Footer` */
function parseRemoteAdd(argv: string[]): { name: string; routes: { name: string; pattern: string }[]; slots: Record<string, string> } {
  const [name, ...rest] = argv;
  if (!name || name.startsWith('--')) throw new Error(USAGE);
  const routes: { name: string; pattern: string }[] = [];
  const slots: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    const pair = /^([^=]+)=(.+)$/.exec(value ?? '');
    if (!pair || (flag !== '--route' && flag !== '--slot'))
      throw new Error(`remote add takes --route <name>=<pattern> and --slot <slot>=<./Module>, not ${flag} ${value ?? ''}\n${USAGE}`);
    if (flag === '--route') routes.push({ name: pair[1], pattern: pair[2] });
    else slots[pair[1]] = pair[2];
  }
  return { name, routes, slots };
}

async function remoteCommand(argv: string[]) {
  const [action, ...rest] = argv;
  // The shop and token flags may come anywhere; the rest is the definition.
  const own: string[] = [];
  const shopFlags: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--shop' || rest[i] === '--token') shopFlags.push(rest[i], rest[(i += 1)]);
    else own.push(rest[i]);
  }
  const { client } = connect(parseFlags(shopFlags, ['shop', 'token']).flags);
  if (action === 'list') {
    for (const remote of await client.remotes()) {
      const slots = Object.entries(remote.slots).map(([slot, module]) => `${slot} ${module}`);
      console.log(`${remote.name}${remote.builtIn ? ' (built in)' : ` — registered ${remote.registeredAt} by ${remote.registeredBy}`}`);
      if (remote.routes.length > 0) console.log(`    routes: ${remote.routes.map((route) => `${route.name} ${route.pattern}`).join(', ')}`);
      if (slots.length > 0) console.log(`    slots: ${slots.join(', ')}`);
    }
  } else if (action === 'add') {
    const made = await client.addRemote(parseRemoteAdd(own));
    console.log(
      `${made.name} is a remote of the shop: ${made.routes.map((route) => route.pattern).join(', ') || 'no routes'}${Object.keys(made.slots).length > 0 ? `; slots ${Object.keys(made.slots).join(', ')}` : ''}`,
    );
    console.log(`next: npm run registry -- token create ${made.name} (its team's token), then the team releases its build`);
  } else if (action === 'remove' && own[0]) {
    await client.removeRemote(own[0]);
    console.log(`${own[0]} left the shop`);
  } else throw new Error(USAGE);
}

function printStatus(status: RegistryStatus): void {
  for (const remote of status.remotes) {
    const busy = remote.releaseInProgress ? `  (release in progress: ${remote.releaseInProgress.team} team, until ${remote.releaseInProgress.until})` : '';
    if (remote.variants.length === 0) {
      console.log(`${remote.remote}: nothing live${busy}`);
      continue;
    }
    console.log(`${remote.remote}${remote.control ? ` — A/B, control ${remote.control}` : ''}${busy}`);
    const total = remote.variants.reduce((sum, variant) => sum + variant.weight, 0);
    for (const variant of remote.variants) {
      const share = remote.control ? ` ${variant.variant} weight ${variant.weight} (${Math.round((100 * variant.weight) / (total || 1))} %)` : '';
      console.log(
        `  ${share ? `${share.trim()}: ` : ''}${variant.version} build ${variant.build.slice(0, 12)} contracts ${variant.contracts}, live since ${variant.since}, published by ${variant.team} at ${variant.publishedAt}`,
      );
      console.log(`    ${variant.origin ? `served from ${variant.origin}` : `served by the shop: ${variant.entry}`}`);
      for (const line of gateLines(variant.gate)) console.log(`    ${line}`);
      if (variant.canary) {
        const canary = variant.canary;
        console.log(
          `    canary ${canary.build.version} (build ${canary.build.build.slice(0, 12)}) at ${canary.percent} % of ${canary.steps.join(' → ')} %${canary.paused ? ', paused' : ''}, since ${canary.startedAt}, this step since ${canary.stepStartedAt}`,
        );
        if (canary.counted) {
          const { pageViews, visitors, failingViews, failingVisitors } = canary.counted;
          console.log(
            `      counted in this step: ${pageViews} page views from ${visitors} visitors, ${failingViews} failing from ${failingVisitors} visitors`,
          );
        }
      }
    }
    for (const bad of remote.badBuilds) {
      console.log(
        `  marked bad: ${bad.version}${bad.variant === 'default' ? '' : ` (variant ${bad.variant})`} build ${bad.build.slice(0, 12)}${bad.at ? ` at ${bad.at}` : ''} — ${bad.reason} (release it again only with --force)`,
      );
    }
  }
}

/** Tokens straight on the database: for the first operator token, on the shop's host. */
async function localTokens(words: string[], flags: Record<string, string>) {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const tokens = new RegistryTokens(db);
    return await tokenCommand(words, flags, {
      list: () => tokens.list(),
      create: (team, label) => tokens.create(team, label),
      revoke: async (id) => {
        const revoked = await tokens.revoke(id);
        if (revoked.length === 0) throw new Error(`no live token ${id}`);
        return revoked;
      },
    });
  } finally {
    await db.close();
  }
}

interface TokenApi {
  list(): Promise<{ id: string; team: string; label: string; createdAt: string; revokedAt: string | null; lastUsedAt: string | null }[]>;
  create(team: string, label?: string): Promise<{ id: string; team: string; token: string }>;
  revoke(id: string): Promise<{ id: string; team: string }[] | { id: string; team: string }>;
}

async function tokenCommand(words: string[], flags: Record<string, string>, api: TokenApi) {
  const [, action, subject] = words;
  if (action === 'list') {
    for (const token of await api.list()) {
      console.log(
        `${token.id}  ${token.team.padEnd(9)} ${token.revokedAt ? `revoked ${token.revokedAt}` : 'live'}  made ${token.createdAt}  last used ${token.lastUsedAt ?? 'never'}  ${token.label}`,
      );
    }
  } else if (action === 'create' && subject) {
    const made = await api.create(subject, flags.label);
    console.log(`token ${made.id} for the ${made.team} team (shown once — keep it in your CI's secrets):\n${made.token}`);
  } else if (action === 'revoke' && subject) {
    const revoked = await api.revoke(subject);
    for (const token of Array.isArray(revoked) ? revoked : [revoked]) console.log(`revoked ${token.id} (${token.team})`);
  } else throw new Error(USAGE);
}

/** `90m`, `1h`, `2h30m` → minutes (an override lasts 1 minute to 24 hours). */
function durationMinutes(text: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?$/.exec(text.trim());
  const minutes = match && (match[1] || match[2]) ? Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0) : NaN;
  if (!(minutes >= 1 && minutes <= 24 * 60)) throw new Error(`--for: a duration from 1m to 24h (like 30m, 1h, 1h30m), not ${text}`);
  return minutes;
}

async function main() {
  if (process.argv[2] === 'remote') return remoteCommand(process.argv.slice(3));
  const { words, flags } = parseFlags(process.argv.slice(2), ['shop', 'token', 'variant', 'to', 'reason', 'limit', 'label', 'minutes', 'for'], ['db', 'force']);
  const [command, remote, variant, value] = words;
  if (command === 'token' && flags.db) return localTokens(words, flags);
  const { client, target } = connect(flags);
  switch (command) {
    case 'status':
      return printStatus(await client.status());
    case 'history':
      if (!remote) throw new Error(USAGE);
      for (const event of await client.history(remote, flags.limit ? Number(flags.limit) : undefined)) {
        console.log(eventLine(event));
        if (event.gate && event.action === 'refused') for (const line of gateLines(event.gate)) console.log(`    ${line}`);
      }
      return;
    case 'canary': {
      const [, action, target] = words;
      if (!['pause', 'resume', 'promote', 'abort'].includes(action) || !target) throw new Error(USAGE);
      const event = await client.canary(target, action as 'pause', { variant: flags.variant, reason: flags.reason, force: flags.force ? true : undefined });
      console.log(eventLine(event));
      return;
    }
    case 'override': {
      if (!remote || !variant) throw new Error(USAGE);
      const minutes = durationMinutes(flags.for ?? '1h');
      const answer = await client.override(remote, { target: variant, minutes, variant: flags.variant });
      const host = new URL(answer.link).host;
      console.log(`open this link in the browser that should run ${remote} ${answer.version} until ${answer.until} (and no other):\n${answer.link}`);
      console.log(`(it sets a cookie for ${host}: the override shows on the pages of ${host} in that browser)`);
      const called = new URL(target.shop).host;
      if (called !== host) console.log(`note: you called the shop at ${called}; its public address, where shoppers' pages are, is ${host}`);
      return;
    }
    case 'signals':
      if (!remote) throw new Error(USAGE);
      for (const line of signalLines(await client.signals(remote, flags.minutes ? Number(flags.minutes) : undefined))) console.log(line);
      return;
    case 'rollback': {
      if (!remote) throw new Error(USAGE);
      const event = await client.rollback(remote, { variant: flags.variant, to: flags.to, reason: flags.reason });
      console.log(`rolled back: ${eventLine(event)}`);
      return;
    }
    case 'weight':
      if (!remote || !variant || value === undefined || !/^\d+$/.test(value)) throw new Error(USAGE);
      console.log(eventLine(await client.weight(remote, variant, Number(value), flags.reason)));
      return;
    case 'withdraw':
      if (!remote || !variant) throw new Error(USAGE);
      console.log(eventLine(await client.withdraw(remote, variant)));
      return;
    case 'token':
      return tokenCommand(words, flags, {
        list: () => client.tokens(),
        create: (team, label) => client.createToken(team, label),
        revoke: (id) => client.revokeToken(id),
      });
    default:
      throw new Error(USAGE);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof RegistryCallError && error.gate) for (const line of gateLines(error.gate)) console.error(line);
  process.exit(1);
});
