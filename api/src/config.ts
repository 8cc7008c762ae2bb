import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/*
 * The defaults of the settings an area reads, kept here so this file imports no area (the
 * API's folders import one way: docs/architecture.md, "Boundaries, checked").
 */

/**
 * When a canary moves on, waits or is rolled back (CANARY_*; registry/canary/canary-rules.ts,
 * docs/releasing.md "Canaries").
 */
export interface CanaryThresholds {
  /** Page views of the canary in the step before it is judged at all. */
  minPageViews: number;
  /** Distinct visitors who viewed the canary in the step before it is judged at all: no visitor alone moves it either way. */
  minVisitors: number;
  /** Distinct visitors who met a failure before the browsers' figures may roll it back (the server's own need none). */
  minFailingVisitors: number;
  /** Minutes a healthy step lasts before the next (the operator's schedule). */
  minStepMinutes: number;
  /** Errors and mount failures per page view: the canary may exceed the stable build by this much (absolute). */
  maxErrorRateIncrease: number;
  /** Fallbacks per page view: the canary may exceed the stable build by this much (absolute). */
  maxFallbackRateIncrease: number;
  /** Server renders that failed or were late, of those asked: the canary may exceed the stable build by this much. */
  maxServerFailureIncrease: number;
  /** p75 INP and LCP: the canary may be this many times the stable build's (when both were measured). */
  maxVitalRatio: number;
}

export const DEFAULT_THRESHOLDS: CanaryThresholds = {
  minPageViews: 50,
  minVisitors: 10,
  minFailingVisitors: 3,
  minStepMinutes: 5,
  maxErrorRateIncrease: 0.02,
  maxFallbackRateIncrease: 0.02,
  maxServerFailureIncrease: 0.02,
  maxVitalRatio: 1.25,
};

/** Page views of one build a visitor counts for per hour (SIGNALS_VIEWS_PER_VISITOR; signals/beacon-ledger.ts says why). */
export const VIEWS_PER_VISITOR = 5;

/**
 * Beacons one address may send per minute (SIGNALS_BEACONS_PER_MINUTE); more are refused (429)
 * and not counted. Kept in memory only. A bound on a flood's cost, not on what counts — the
 * page-view tokens and the ledger decide that — so it leaves room for many shoppers behind one
 * address (an office, a carrier's NAT): 600 is ten pages a second.
 */
export const BEACONS_PER_MINUTE = 600;

/**
 * Every setting comes from the environment; docs/configuration.md lists them with these
 * defaults. Read here, but for the PostgreSQL pool's two (DATABASE_POOL_SIZE,
 * DATABASE_PREPARED_STATEMENTS): db/database.ts reads them where the pool is made, because
 * every opener of a database — the API, the scripts, the tests — makes one without a Config.
 */
export interface Config {
  host: string;
  port: number;
  /** Host name the browser uses for the shop. */
  publicHost: string;
  varDir: string;
  databaseUrl: string;
  logLevel: string;
  /**
   * The proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDRs, comma
   * separated), so `request.ip` is the shopper's behind a balancer; false: the peer's address.
   */
  trustProxy: string[] | false;
  /** When a canary steps up or is rolled back (CANARY_*; docs/releasing.md, "Canaries"). */
  canary: CanaryThresholds;
  /** Addresses or CIDRs that may read /metrics without a token (METRICS_ALLOW, comma separated; default none: the operator token only). */
  metricsAllow: string[];
  /** Page views of one build a visitor counts for per hour (SIGNALS_VIEWS_PER_VISITOR; api/src/signals/beacon-ledger.ts). */
  signalsViewsPerVisitor: number;
  /** Beacons one address may send a minute before 429 (SIGNALS_BEACONS_PER_MINUTE; api/src/signals/signal-routes.ts): a flood's bound, not a count's. */
  signalsBeaconsPerMinute: number;
  /**
   * Every JSON answer is checked against its route's schema in shared/api-contract before it is
   * sent, and a mismatch is a 500 naming the field (CHECK_RESPONSES=1; on in the API's tests and
   * the e2e shop). Off in production: the serialiser already drops what the schema does not list.
   */
  checkResponses: boolean;
  /** Signs group tokens; unset = a secret generated once into VAR_DIR. */
  tokenSecret: string | undefined;
  /** The origin shoppers and search engines see (canonical links, JSON-LD); PUBLIC_URL. */
  publicOrigin: string;
  /** Origins the shop is also served on (PUBLIC_ORIGINS, comma-separated): the payment gateway returns a shopper to the one they shop on; always includes publicOrigin. */
  publicOrigins: string[];
  /** The gateway's second key: signs and verifies payment notifications; unset = generated once into VAR_DIR. */
  paymentKey: string | undefined;
  /** Where the gateway sends notifications; unset = this server on loopback. */
  paymentNotifyUrl: string | undefined;
  /** SMTP server for the shop's e-mail (smtp://user:pass@host:587); unset = files in mailDir. */
  smtpUrl: string | undefined;
  mailDir: string;
  /** Lifetime of a customer's access token in seconds (ACCESS_TOKEN_TTL; docs/account.md). */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token in seconds, renewed by each rotation (REFRESH_TOKEN_TTL). */
  refreshTokenTtlSeconds: number;
  /** scrypt cost as log2 N for new password hashes (PASSWORD_SCRYPT_COST; 17 = OWASP's N=2^17, r=8, p=1). */
  passwordScryptCost: number;
  /** The marketing-automation endpoint told of unsubscriptions (DELETE, JSON {email}); unset = this API's own recorder on loopback (docs/content.md). */
  marketingUnsubscribeUrl: string | undefined;
  /** The store this API is (STORE_ID, STORE_CODE; the migration's row is 2 / pl) and the other store ids clients may send for it (STORE_ID_ALIASES: VSF's single store view sends 1). */
  store: { id: number; code: string; idAliases: number[] };
  /**
   * What robots.txt tells crawlers (ROBOTS; docs/seo.md, "robots.txt"): `index` — the catalogue
   * and content, not a shopper's pages, queries or the machinery, and the sitemap; `noindex` (a
   * staging shop) — nothing (`Disallow: /`, no Sitemap line), and every answer says
   * `X-Robots-Tag: noindex`.
   */
  robots: 'index' | 'noindex';
  /** When set, `/feeds/*` answers only `?token=` equal to it (FEED_TOKEN); sitemaps are always public. */
  feedToken: string | undefined;
  /**
   * The catalogue snapshot an instance starts from and writes again (CATALOG_SNAPSHOT; `off`:
   * none; docs/catalogue.md, "Starting from a snapshot"); null: every start loads the catalogue.
   */
  catalogSnapshot: string | null;
  /**
   * When the generated SEO files follow a catalogue change (docs/seo.md, "How the files are kept
   * fresh"): `debounceMs` after the last change seen (SEO_FILES_DEBOUNCE_MS), at the latest
   * `maxDelayMs` after the first one waiting (SEO_FILES_MAX_DELAY_MS), and never sooner than
   * `minIntervalMs` after the previous run (SEO_FILES_MIN_INTERVAL_MS).
   */
  seoFiles: SeoFileTimings;
}

export interface SeoFileTimings {
  debounceMs: number;
  maxDelayMs: number;
  minIntervalMs: number;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`${name} must be a port number (0–65535), got "${value}"`);
  }
  return parsed;
}

function publicOriginOf(value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return url.origin;
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL such as https://kaloryfer.pl, got "${value}"`);
  }
}

/** PUBLIC_ORIGINS: more origins of this shop (behind a proxy, another host name); the public URL is always one. */
function publicOriginsOf(value: string | undefined, publicOrigin: string): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      try {
        const url = new URL(part);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
        return url.origin;
      } catch {
        throw new Error(`PUBLIC_ORIGINS must be http(s) origins separated by commas, such as https://kaloryfer.pl,https://www.kaloryfer.pl, got "${value}"`);
      }
    });
  return [...new Set([publicOrigin, ...origins])];
}

/** A setting in milliseconds (0–3600000), its name in the error a wrong value gets. */
export function millisecondsSetting(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 3_600_000) throw new Error(`${name} must be milliseconds (0–3600000), got "${value}"`);
  return parsed;
}

function httpUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return url.toString();
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
}

function bounded(name: string, value: string | undefined, fallback: number, min: number, max: number, unit: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`${name} must be ${unit} (${min}–${max}), got "${value}"`);
  return parsed;
}

function storeIds(name: string, value: string | undefined, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id < 0 || id > 65535))
    throw new Error(`${name} must be store ids separated by commas (0–65535), got "${value}"`);
  return ids;
}

function storeCode(value: string | undefined): string {
  if (value === undefined || value === '') return 'pl';
  if (!/^[a-z0-9_]{1,32}$/.test(value)) throw new Error(`STORE_CODE must match ^[a-z0-9_]{1,32}$, got "${value}"`);
  return value;
}

function fraction(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) throw new Error(`${name} must be a number from ${min} to ${max}, got "${value}"`);
  return parsed;
}

function addressList(name: string, value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry)) throw new Error(`${name} must list IP addresses or CIDRs, got "${entry}"`);
  return list;
}

function robotsMode(value: string | undefined): Config['robots'] {
  if (value === undefined || value === '' || value === 'index') return 'index';
  if (value === 'noindex') return 'noindex';
  throw new Error(`ROBOTS must be index or noindex, got "${value}"`);
}

/** FEED_TOKEN goes in a URL a merchant service fetches: long enough not to be guessed, and URL-safe as it is. */
function feedToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[A-Za-z0-9._~-]{16,256}$/.test(value)) throw new Error('FEED_TOKEN must be 16–256 characters of A–Z, a–z, 0–9, ".", "_", "~" or "-"');
  return value;
}

function seoFileTimings(env: NodeJS.ProcessEnv): SeoFileTimings {
  const timings = {
    debounceMs: millisecondsSetting('SEO_FILES_DEBOUNCE_MS', env.SEO_FILES_DEBOUNCE_MS, 15_000),
    maxDelayMs: millisecondsSetting('SEO_FILES_MAX_DELAY_MS', env.SEO_FILES_MAX_DELAY_MS, 40_000),
    minIntervalMs: millisecondsSetting('SEO_FILES_MIN_INTERVAL_MS', env.SEO_FILES_MIN_INTERVAL_MS, 30_000),
  };
  if (timings.maxDelayMs < timings.debounceMs) throw new Error('SEO_FILES_MAX_DELAY_MS must not be below SEO_FILES_DEBOUNCE_MS');
  if (timings.minIntervalMs > timings.maxDelayMs) throw new Error('SEO_FILES_MIN_INTERVAL_MS must not be above SEO_FILES_MAX_DELAY_MS');
  return timings;
}

function trustedProxies(value: string | undefined): string[] | false {
  const list = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry)) throw new Error(`TRUST_PROXY must list IP addresses or CIDRs, got "${entry}"`);
  }
  return list.length > 0 ? list : false;
}

/** CATALOG_SNAPSHOT: the snapshot's file (relative to VAR_DIR), `off` for none; by default VAR_DIR/catalog-snapshot.bin, none for an in-memory database. */
function catalogSnapshotFile(value: string | undefined, varDir: string, databaseUrl: string | undefined): string | null {
  if (value === 'off' || (value === undefined && databaseUrl === 'sqlite::memory:')) return null;
  return path.resolve(varDir, value || 'catalog-snapshot.bin');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const varDir = path.resolve(REPO_ROOT, env.VAR_DIR ?? 'var');
  const publicHost = env.PUBLIC_HOST ?? 'localhost';
  const port = integer('PORT', env.PORT, 3000);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    publicHost,
    varDir,
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(varDir, 'kaloryfer.sqlite')}`,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    metricsAllow: addressList('METRICS_ALLOW', env.METRICS_ALLOW),
    signalsViewsPerVisitor: bounded('SIGNALS_VIEWS_PER_VISITOR', env.SIGNALS_VIEWS_PER_VISITOR, VIEWS_PER_VISITOR, 1, 100_000, 'page views'),
    signalsBeaconsPerMinute: bounded('SIGNALS_BEACONS_PER_MINUTE', env.SIGNALS_BEACONS_PER_MINUTE, BEACONS_PER_MINUTE, 10, 1_000_000, 'beacons'),
    canary: {
      minPageViews: bounded('CANARY_MIN_PAGE_VIEWS', env.CANARY_MIN_PAGE_VIEWS, DEFAULT_THRESHOLDS.minPageViews, 1, 1_000_000, 'page views'),
      minVisitors: bounded('CANARY_MIN_VISITORS', env.CANARY_MIN_VISITORS, DEFAULT_THRESHOLDS.minVisitors, 1, 1_000_000, 'visitors'),
      minFailingVisitors: bounded(
        'CANARY_MIN_FAILING_VISITORS',
        env.CANARY_MIN_FAILING_VISITORS,
        DEFAULT_THRESHOLDS.minFailingVisitors,
        1,
        1_000_000,
        'visitors',
      ),
      minStepMinutes: fraction('CANARY_STEP_MINUTES', env.CANARY_STEP_MINUTES, DEFAULT_THRESHOLDS.minStepMinutes, 0, 7 * 24 * 60),
      maxErrorRateIncrease: fraction('CANARY_MAX_ERROR_RATE_INCREASE', env.CANARY_MAX_ERROR_RATE_INCREASE, DEFAULT_THRESHOLDS.maxErrorRateIncrease, 0, 1),
      maxFallbackRateIncrease: fraction(
        'CANARY_MAX_FALLBACK_RATE_INCREASE',
        env.CANARY_MAX_FALLBACK_RATE_INCREASE,
        DEFAULT_THRESHOLDS.maxFallbackRateIncrease,
        0,
        1,
      ),
      maxServerFailureIncrease: fraction(
        'CANARY_MAX_SERVER_FAILURE_INCREASE',
        env.CANARY_MAX_SERVER_FAILURE_INCREASE,
        DEFAULT_THRESHOLDS.maxServerFailureIncrease,
        0,
        1,
      ),
      maxVitalRatio: fraction('CANARY_MAX_VITAL_RATIO', env.CANARY_MAX_VITAL_RATIO, DEFAULT_THRESHOLDS.maxVitalRatio, 1, 100),
    },
    checkResponses: env.CHECK_RESPONSES === '1',
    tokenSecret: env.TOKEN_SECRET || undefined,
    publicOrigin: publicOriginOf(env.PUBLIC_URL, `http://${publicHost}:${port}`),
    publicOrigins: publicOriginsOf(env.PUBLIC_ORIGINS, publicOriginOf(env.PUBLIC_URL, `http://${publicHost}:${port}`)),
    paymentKey: env.PAYMENT_KEY || undefined,
    paymentNotifyUrl: env.PAYMENT_NOTIFY_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: path.resolve(varDir, env.MAIL_DIR ?? 'mail'),
    accessTokenTtlSeconds: bounded('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 60 * 60, 1, 24 * 60 * 60, 'seconds'),
    refreshTokenTtlSeconds: bounded('REFRESH_TOKEN_TTL', env.REFRESH_TOKEN_TTL, 30 * 24 * 60 * 60, 60, 365 * 24 * 60 * 60, 'seconds'),
    passwordScryptCost: bounded('PASSWORD_SCRYPT_COST', env.PASSWORD_SCRYPT_COST, 17, 14, 20, 'log2 of scrypt N'),
    marketingUnsubscribeUrl: httpUrl('MARKETING_UNSUBSCRIBE_URL', env.MARKETING_UNSUBSCRIBE_URL),
    store: {
      id: bounded('STORE_ID', env.STORE_ID, 2, 0, 65535, 'a store id'),
      code: storeCode(env.STORE_CODE),
      idAliases: storeIds('STORE_ID_ALIASES', env.STORE_ID_ALIASES, [1]),
    },
    robots: robotsMode(env.ROBOTS),
    feedToken: feedToken(env.FEED_TOKEN),
    catalogSnapshot: catalogSnapshotFile(env.CATALOG_SNAPSHOT, varDir, env.DATABASE_URL),
    seoFiles: seoFileTimings(env),
  };
}

export function shopUrl(config: Config): string {
  return `http://${config.publicHost}:${config.port}/`;
}
