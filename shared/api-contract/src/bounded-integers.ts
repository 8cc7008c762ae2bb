import { Type, type TInteger } from '@sinclair/typebox';

/**
 * Integer parameters with bounds, for every route's paging and ids (issue #22, docs/security.md
 * "Input limits"). Unbounded integers are how `from=1e20` reached SQL and `size=4000` answered
 * megabytes; a database integer column (PostgreSQL `integer`) also overflows past 2^31 − 1.
 * Non-finite numbers (`Infinity`, `1e309`) are refused for every route by http/finite-numbers.ts.
 */
export const INPUT_LIMITS = {
  /** The largest id the database stores (PostgreSQL `integer`). */
  maxId: 2_147_483_647,
  /** The deepest an anonymous caller may page (`from`); further pages are a narrower query's job. */
  maxOffset: 10_000,
  /** Items per page for anonymous callers. */
  maxPageSize: 100,
  /** CMS blocks per request: spec §7/§9 (size 150 by default, at most 500). */
  maxCmsBlocks: 500,
} as const;

/** Where a page starts: 0 ≤ from ≤ max (10,000 unless given). */
export const Offset = (options: { maximum?: number; default?: number } = {}): TInteger =>
  Type.Integer({ minimum: 0, maximum: options.maximum ?? INPUT_LIMITS.maxOffset, default: options.default ?? 0 });

/** How many per page: 1 ≤ size ≤ max (100 unless the contract needs more, e.g. CMS blocks ≤ 500). */
export const PageSize = (options: { maximum?: number; default: number }): TInteger =>
  Type.Integer({ minimum: 1, maximum: options.maximum ?? INPUT_LIMITS.maxPageSize, default: options.default });

/** A row id: 1 … 2^31 − 1. */
export const Id = (): TInteger => Type.Integer({ minimum: 1, maximum: INPUT_LIMITS.maxId });
