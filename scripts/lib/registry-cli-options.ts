import fs from 'node:fs';
import { loadConfig, shopUrl } from '../../api/public/config';
import { registryClient, type RegistryClient } from './registry-client';
import { readShopRecord, sameOrigin, shopRecordFile } from './shop-record';

/** A shop a command talks to: its URL, the token it sends there, and where the two came from. */
export interface RegistryTarget {
  shop: string;
  token: string;
  /** Said to the operator: which flag, variable or record named the shop. */
  source: string;
  /** A developer's shop (npm start's record): `release --bump` gives prerelease versions there. */
  dev: boolean;
}

const ELSEWHERE =
  'name the shop with --shop <url> --token <token> (or KALORYFER_SHOP_URL and KALORYFER_REGISTRY_TOKEN), or set VAR_DIR to the var folder of the shop you started';

/**
 * Where the commands send their calls and with which token (docs/releasing.md, "Which shop a
 * command talks to"): `--shop <url>` or KALORYFER_SHOP_URL with `--token` or
 * KALORYFER_REGISTRY_TOKEN (a team's CI passes both); else the shop `npm start` or
 * `start:cluster` recorded in VAR_DIR (shop.json) with the operator token recorded beside it.
 * VAR_DIR's operator token goes only to the URL it was recorded with — never to a URL from
 * PORT, PUBLIC_HOST or a flag naming another shop.
 */
export function registryTarget(flags: { shop?: string; token?: string }, env: NodeJS.ProcessEnv = process.env): RegistryTarget {
  const config = loadConfig(env);
  const record = readShopRecord(config.varDir);
  const recordFile = shopRecordFile(config.varDir);
  const givenToken = flags.token ?? env.KALORYFER_REGISTRY_TOKEN;
  const recordedToken = () => {
    if (!record) return undefined;
    try {
      return fs.readFileSync(record.tokenFile, 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const givenShop = flags.shop ?? env.KALORYFER_SHOP_URL;
  if (givenShop) {
    const source = flags.shop ? '--shop' : 'KALORYFER_SHOP_URL';
    if (!URL.canParse(givenShop) || !/^https?:$/.test(new URL(givenShop).protocol))
      throw new Error(`${source}: an http(s) URL such as http://localhost:3000/, not "${givenShop}"`);
    const shop = new URL(givenShop).toString();
    const token = givenToken ?? (record && sameOrigin(record.url, shop) ? recordedToken() : undefined);
    if (!token) {
      const kept = record ? ` (the operator token in ${config.varDir} is for ${record.url} and goes nowhere else)` : '';
      throw new Error(`no registry token for ${shop}${kept}: pass --token <token> or set KALORYFER_REGISTRY_TOKEN (npm run registry -- token create <team>)`);
    }
    return { shop, token, source, dev: record !== null && sameOrigin(record.url, shop) && record.dev };
  }
  if (record) {
    const token = givenToken ?? recordedToken();
    if (!token) throw new Error(`no operator token in ${record.tokenFile} (recorded with ${record.url} in ${recordFile}): restart the shop, or ${ELSEWHERE}`);
    return { shop: record.url, token, source: `recorded by ${record.startedBy} in ${recordFile}`, dev: record.dev };
  }
  const shop = shopUrl(config);
  if (!givenToken) {
    throw new Error(`no shop recorded in ${recordFile} — npm start records its URL and operator token there; start the shop, or ${ELSEWHERE}`);
  }
  return { shop, token: givenToken, source: `PUBLIC_HOST and PORT (no shop recorded in ${recordFile})`, dev: false };
}

/** The client of the shop a command talks to, once it said which shop that is (on stderr: stdout stays the answer). */
export function connect(
  flags: { shop?: string; token?: string },
  say: (line: string) => void = console.error,
): { client: RegistryClient; target: RegistryTarget } {
  const target = registryTarget(flags);
  say(`shop: ${target.shop} (${target.source})`);
  return { client: registryClient(target), target };
}

/** `--name value` flags and the words around them. */
export function parseFlags(argv: string[], known: string[], switches: string[] = []): { words: string[]; flags: Record<string, string> } {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (switches.includes(name)) flags[name] = 'true';
    else if (known.includes(name)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      flags[name] = value;
      i += 1;
    } else throw new Error(`unknown option ${arg}`);
  }
  return { words, flags };
}
