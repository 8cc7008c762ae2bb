import { isBuiltInRemote, REMOTE_NAME_PATTERN, shopRemotes, SLOTS, type RemoteDefinition, type RemoteName } from '@kaloryfer/contracts';

/**
 * The remote registry (`/mfe-registry.json`): which build of each remote the shell loads.
 * A remote is one build ({entry, version, contracts}) or A/B variants with weights and a
 * control variant the shell falls back to. Parsing normalises both to a list of variants.
 */
export interface RemoteBuild {
  /** Module Federation container name (`checkout_b` for a variant build). */
  name: string;
  /** URL of the build's mf-manifest.json. */
  entry: string;
  version: string;
  /** Version of @kaloryfer/contracts the build was made with. */
  contracts: string;
  /** URL of the build's server render (`server/render.js`), when it has one (docs/rendering.md). */
  ssr?: string;
  /** When the build was published. */
  publishedAt?: string;
  /** Subresource Integrity of its remoteEntry.js: the browser refuses other bytes (docs/releasing.md). */
  integrity?: string;
  /** Subresource Integrity of its server build: the page server refuses other bytes. */
  ssrIntegrity?: string;
  /** The build's id in the registry: the SHA-256 of its files. */
  build?: string;
}

/** A new build of a variant served to a share of shoppers beside it (docs/releasing.md, "Canaries"). */
export interface CanaryBuild extends RemoteBuild {
  /** The share of shoppers (by their canary bucket, 0–99) who get it. */
  percent: number;
}

export interface RemoteVariant extends RemoteBuild {
  id: string;
  weight: number;
  canary?: CanaryBuild;
}

export interface RemoteEntry {
  remote: RemoteName;
  control: string;
  variants: RemoteVariant[];
}

export interface Registry {
  /** How long a remote may take to load before its region shows the fallback. */
  timeoutMs: number;
  remotes: Partial<Record<RemoteName, RemoteEntry>>;
  /**
   * The shop's remotes: the built-in five and those an operator registered (their routes and
   * slots come with the registry: docs/architecture.md, "The shop's remotes").
   */
  shop: RemoteDefinition[];
}

/**
 * Whether a remote runs an A/B test. Told by its control (a single build's is `default`), not by
 * its variants: a page pins only the assigned variant and the control, so the page of a shopper
 * assigned the control holds one variant.
 */
export const isABTested = (entry: RemoteEntry | undefined): boolean => entry !== undefined && entry.control !== SINGLE_VARIANT;

export const SINGLE_VARIANT = 'default';
const DEFAULT_TIMEOUT_MS = 8000;
const URL_OR_PATH = /^(https?:\/\/|\/)/;
const SEMVER = /^\d+\.\d+\.\d+(?:[-+][\w.+-]*)?$/;
const INTEGRITY = /^(?:sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}$/;
const BUILD_ID = /^[0-9a-f]{64}$/;

export class RegistryError extends Error {}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBuild(raw: unknown, where: string, defaultName: string): RemoteBuild {
  if (!isObject(raw)) throw new RegistryError(`${where}: must be an object`);
  const { entry, version, contracts, name = defaultName, ssr, publishedAt, integrity, ssrIntegrity, build } = raw;
  if (typeof entry !== 'string' || !URL_OR_PATH.test(entry)) {
    throw new RegistryError(`${where}.entry: must be an http(s) URL or an absolute path`);
  }
  if (ssr !== undefined && (typeof ssr !== 'string' || !URL_OR_PATH.test(ssr))) {
    throw new RegistryError(`${where}.ssr: must be an http(s) URL or an absolute path`);
  }
  if (publishedAt !== undefined && typeof publishedAt !== 'string') {
    throw new RegistryError(`${where}.publishedAt: must be a date string`);
  }
  for (const [field, value] of [
    ['integrity', integrity],
    ['ssrIntegrity', ssrIntegrity],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || !INTEGRITY.test(value))) {
      throw new RegistryError(`${where}.${field}: must be a Subresource Integrity hash (sha384-…)`);
    }
  }
  if (build !== undefined && (typeof build !== 'string' || !BUILD_ID.test(build))) {
    throw new RegistryError(`${where}.build: must be a build's SHA-256`);
  }
  if (typeof version !== 'string' || !SEMVER.test(version)) {
    throw new RegistryError(`${where}.version: must be a semantic version`);
  }
  if (typeof contracts !== 'string' || !SEMVER.test(contracts)) {
    throw new RegistryError(`${where}.contracts: must be a semantic version`);
  }
  if (typeof name !== 'string' || !/^[A-Za-z_][\w]*$/.test(name)) {
    throw new RegistryError(`${where}.name: must be a valid container name`);
  }
  return {
    entry,
    version,
    contracts,
    name,
    ...(ssr ? { ssr } : {}),
    ...(publishedAt ? { publishedAt } : {}),
    ...(integrity ? { integrity: integrity as string } : {}),
    ...(ssrIntegrity ? { ssrIntegrity: ssrIntegrity as string } : {}),
    ...(build ? { build: build as string } : {}),
  };
}

function parseCanary(raw: Json, where: string, defaultName: string): { canary?: CanaryBuild } {
  if (raw.canary === undefined) return {};
  const build = parseBuild(raw.canary, `${where}.canary`, defaultName);
  const percent = (raw.canary as Json).percent;
  if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new RegistryError(`${where}.canary.percent: must be a whole number from 1 to 100`);
  }
  return { canary: { ...build, percent } };
}

function parseRemote(remote: RemoteName, raw: unknown): RemoteEntry {
  const where = `remotes.${remote}`;
  if (!isObject(raw)) throw new RegistryError(`${where}: must be an object`);
  if (raw.variants === undefined) {
    const build = parseBuild(raw, where, remote);
    return { remote, control: SINGLE_VARIANT, variants: [{ ...build, id: SINGLE_VARIANT, weight: 1, ...parseCanary(raw, where, remote) }] };
  }
  if (!isObject(raw.variants) || Object.keys(raw.variants).length === 0) {
    throw new RegistryError(`${where}.variants: must name at least one variant`);
  }
  const variants = Object.entries(raw.variants).map(([id, variantRaw]) => {
    const build = parseBuild(variantRaw, `${where}.variants.${id}`, `${remote}_${id}`);
    const weight = (variantRaw as Json).weight ?? 0;
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
      throw new RegistryError(`${where}.variants.${id}.weight: must be a number ≥ 0`);
    }
    return { ...build, id, weight, ...parseCanary(variantRaw as Json, `${where}.variants.${id}`, `${remote}_${id}`) };
  });
  const control = raw.control;
  if (typeof control !== 'string' || !variants.some((variant) => variant.id === control)) {
    throw new RegistryError(`${where}.control: must name one of its variants`);
  }
  if (variants.every((variant) => variant.weight === 0)) {
    throw new RegistryError(`${where}.variants: at least one weight must be above 0`);
  }
  return { remote, control, variants };
}

/**
 * The registered remotes' definitions, as the registry took them (it checked each against the
 * shop's remotes when the operator registered it): here only their shape, and no built-in name.
 */
function parseDefinitions(raw: unknown): RemoteDefinition[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new RegistryError('registry.definitions: must be a list');
  const name = new RegExp(REMOTE_NAME_PATTERN);
  return raw.map((entry, index) => {
    const where = `registry.definitions.${index}`;
    if (!isObject(entry) || typeof entry.name !== 'string' || !name.test(entry.name) || isBuiltInRemote(entry.name)) {
      throw new RegistryError(`${where}: must name a registered remote`);
    }
    const routes = entry.routes;
    if (
      !Array.isArray(routes) ||
      !routes.every((route) => isObject(route) && typeof route.name === 'string' && typeof route.pattern === 'string' && route.pattern.startsWith('/'))
    ) {
      throw new RegistryError(`${where}.routes: must be routes, each a name and a path pattern`);
    }
    const slots = entry.slots;
    if (!isObject(slots) || !Object.entries(slots).every(([slot, module]) => (SLOTS as readonly string[]).includes(slot) && typeof module === 'string')) {
      throw new RegistryError(`${where}.slots: must be the shell's slots, each with a module`);
    }
    return { name: entry.name, routes: routes.map((route) => ({ name: route.name, pattern: route.pattern })), slots } as RemoteDefinition;
  });
}

export function parseRegistry(raw: unknown): Registry {
  if (!isObject(raw)) throw new RegistryError('registry: must be a JSON object');
  if (!isObject(raw.remotes)) throw new RegistryError('registry.remotes: must be an object');
  const shop = shopRemotes(parseDefinitions(raw.definitions));
  const timeoutMs = raw.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || timeoutMs < 100 || timeoutMs > 60000) {
    throw new RegistryError('registry.timeoutMs: must be between 100 and 60000');
  }
  const remotes: Registry['remotes'] = {};
  for (const [name, value] of Object.entries(raw.remotes)) {
    if (!shop.some((definition) => definition.name === name)) {
      throw new RegistryError(`registry.remotes.${name}: unknown remote`);
    }
    remotes[name] = parseRemote(name, value);
  }
  return { timeoutMs, remotes, shop };
}
