import type { RemoteName } from '@kaloryfer/contracts';
import { FORCED_ID_PREFIX, isAssignmentId, isForcedAssignmentId, SHOPPER_ID_PREFIX } from '@kaloryfer/domain';
import type { Registry, RemoteEntry } from './registry';

/**
 * A/B assignment: a visitor gets one variant per remote once and keeps it (a first-party
 * cookie). `?mfe=checkout:b` is a QA override that also becomes sticky. Remotes with one
 * build are not mentioned in the cookie. While any remote runs an A/B test the cookie also
 * carries an anonymous assignment id (`id:…`, random, no link to an account): the experiment
 * report counts shoppers by it (docs/experiments.md; the id's rules: shared/domain
 * experiments/assignment-id.ts) — only for a shopper who allowed analytics.
 */
export const AB_COOKIE = 'kf_mfe';
/** The pair of the cookie that holds the assignment id (no remote is named `id`). */
const ID_KEY = 'id';
/**
 * The pair that holds the visitor's canary bucket, 0–99, drawn once: a canary at p % serves the
 * buckets below p, so a visitor keeps the build they got while the canary grows (5 → 25 → 50 %
 * only adds visitors). A hundred values name nobody: it needs no consent.
 */
const BUCKET_KEY = 'cb';

/** 16 random bytes, base64url (22 characters): the random part of an assignment id. */
export function newAssignmentId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The assignment id a `kf_mfe` value carries, when it is a well-formed one. */
export function assignmentIdOf(cookie: string | null | undefined): string | null {
  const id = parsePairs(cookie)[ID_KEY];
  return isAssignmentId(id) ? id : null;
}

export type AssignmentSource = 'override' | 'cookie' | 'random';

export interface Assignment {
  remote: RemoteName;
  variant: string;
  source: AssignmentSource;
}

/** `checkout:b,foo:x` → {checkout: 'b', foo: 'x'}; malformed pairs are ignored. */
export function parsePairs(value: string | null | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of (value ?? '').split(/[,|]/)) {
    const match = /^\s*([a-z]+):([\w-]{1,40})\s*$/.exec(part);
    if (match) pairs[match[1]] = match[2];
  }
  return pairs;
}

export function formatPairs(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([remote, variant]) => `${remote}:${variant}`)
    .join('|');
}

/** Weighted pick; `random` is a number in [0, 1). */
export function pickWeighted(entry: RemoteEntry, random: number): string {
  const total = entry.variants.reduce((sum, variant) => sum + variant.weight, 0);
  let threshold = random * total;
  for (const variant of entry.variants) {
    if (variant.weight === 0) continue;
    if (threshold < variant.weight) return variant.id;
    threshold -= variant.weight;
  }
  return entry.control;
}

export interface AssignmentResult {
  assignments: Assignment[];
  /** The cookie value to store (remotes with A/B variants, the assignment id, the canary bucket). */
  cookie: string;
  /** The visitor's anonymous assignment id; null while no remote runs an A/B test. */
  assignmentId: string | null;
  /** The visitor's canary bucket (0–99); null while no canary runs. */
  canaryBucket: number | null;
}

/** Whether the visitor in `bucket` gets the canary of this variant. */
export const getsCanary = (variant: { canary?: { percent: number } }, bucket: number | null): boolean =>
  variant.canary !== undefined && bucket !== null && bucket < variant.canary.percent;

export interface AssignmentInput {
  cookie?: string | null;
  override?: string | null;
  random: () => number;
  /**
   * The shopper allowed analytics (kf_consent): only then does the cookie carry an assignment id
   * and the experiment count them (docs/experiments.md, "Consent"). Without it the variant is
   * still kept — the same checkout on every visit is the shop working, not measuring.
   */
  measure: boolean;
  /** Makes a new assignment id (newAssignmentId; fixed in tests). */
  newId?: () => string;
}

export function assignVariants(registry: Registry, input: AssignmentInput): AssignmentResult {
  const stored = parsePairs(input.cookie);
  const override = parsePairs(input.override);
  const sticky: Record<string, string> = {};
  const assignments: Assignment[] = [];
  for (const entry of Object.values(registry.remotes)) {
    if (!entry) continue;
    const variantOf = (id: string | undefined) => entry.variants.find((v) => v.id === id);
    let assignment: Assignment;
    if (variantOf(override[entry.remote])) {
      assignment = { remote: entry.remote, variant: override[entry.remote], source: 'override' };
    } else if ((variantOf(stored[entry.remote])?.weight ?? 0) > 0) {
      // A variant whose weight went to 0 has ended: its visitors are assigned anew.
      assignment = { remote: entry.remote, variant: stored[entry.remote], source: 'cookie' };
    } else {
      assignment = { remote: entry.remote, variant: pickWeighted(entry, input.random()), source: 'random' };
    }
    assignments.push(assignment);
    if (entry.variants.length > 1) sticky[entry.remote] = assignment.variant;
  }
  const canaries = Object.values(registry.remotes).some((entry) => entry?.variants.some((variant) => variant.canary));
  const storedBucket = /^\d{1,2}$/.test(stored[BUCKET_KEY] ?? '') ? Number(stored[BUCKET_KEY]) : null;
  const canaryBucket = canaries ? (storedBucket ?? Math.min(99, Math.floor(input.random() * 100))) : null;
  const bucketPair: Record<string, string> = canaryBucket === null ? {} : { [BUCKET_KEY]: String(canaryBucket) };
  if (Object.keys(sticky).length === 0) return { assignments, cookie: formatPairs(bucketPair), assignmentId: null, canaryBucket };
  // No consent to measure (or it was withdrawn): no id, and one kept before leaves the cookie.
  if (!input.measure) return { assignments, cookie: formatPairs({ ...sticky, ...bucketPair }), assignmentId: null, canaryBucket };
  const forced = assignments.some((assignment) => assignment.source === 'override');
  const storedId = assignmentIdOf(input.cookie);
  const newId = input.newId ?? newAssignmentId;
  // The id is drawn once and kept; an override makes the visitor QA for good (a `q` id).
  const assignmentId =
    forced && !(storedId && isForcedAssignmentId(storedId)) ? `${FORCED_ID_PREFIX}${newId()}` : (storedId ?? `${SHOPPER_ID_PREFIX}${newId()}`);
  return { assignments, cookie: formatPairs({ ...sticky, ...bucketPair, [ID_KEY]: assignmentId }), assignmentId, canaryBucket };
}
