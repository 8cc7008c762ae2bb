import fs from 'node:fs';
import { loadConfig, shopUrl } from '../../api/src/config';
import { operatorTokenFile } from './local-builds';

/**
 * Where the registry commands send their calls and with which token: `--shop <url>` (or
 * KALORYFER_SHOP_URL; default this machine's shop) and `--token <token>` (or
 * KALORYFER_REGISTRY_TOKEN; default the operator token `npm start` keeps in VAR_DIR for this
 * machine's own shop). A team's CI passes both and needs nothing else of the shop.
 */
export function registryTarget(flags: { shop?: string; token?: string }): { shop: string; token: string } {
  const config = loadConfig();
  const shop = flags.shop ?? process.env.KALORYFER_SHOP_URL ?? shopUrl(config);
  let token = flags.token ?? process.env.KALORYFER_REGISTRY_TOKEN;
  if (!token && !flags.shop && !process.env.KALORYFER_SHOP_URL) {
    const file = operatorTokenFile(config.varDir);
    if (fs.existsSync(file)) token = fs.readFileSync(file, 'utf8').trim();
  }
  if (!token) throw new Error('no registry token: pass --token <token> or set KALORYFER_REGISTRY_TOKEN (npm run registry -- token create <team>)');
  return { shop, token };
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
