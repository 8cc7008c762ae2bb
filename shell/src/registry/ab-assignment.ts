import type { RemoteName } from '@kaloryfer/contracts';
import type { Registry, RemoteEntry } from './registry';

/**
 * A/B assignment: a visitor gets one variant per remote once and keeps it (a first-party
 * cookie). `?mfe=checkout:b` is a QA override that also becomes sticky. Remotes with one
 * build are not mentioned in the cookie.
 */
export const AB_COOKIE = 'kf_mfe';

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
    const match = /^\s*([a-z]+):([\w-]+)\s*$/.exec(part);
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
  /** The cookie value to store (only remotes with A/B variants). */
  cookie: string;
}

export function assignVariants(registry: Registry, input: { cookie?: string | null; override?: string | null; random: () => number }): AssignmentResult {
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
  return { assignments, cookie: formatPairs(sticky) };
}
