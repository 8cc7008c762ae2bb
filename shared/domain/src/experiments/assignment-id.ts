/**
 * The anonymous assignment id of an A/B test (docs/experiments.md): drawn once per visitor by
 * whoever assigns the variants (the page server, or the browser for a page without state), kept
 * in the `kf_mfe` cookie, counted by the API's experiment report. A shopper's id starts with
 * `s`; a visitor who forced a variant with `?mfe=` (QA) gets a `q` id for good, and the report
 * leaves them out.
 */
export const SHOPPER_ID_PREFIX = 's';
export const FORCED_ID_PREFIX = 'q';
/** A prefix and 16–32 base64url characters. */
export const ASSIGNMENT_ID_PATTERN = /^[sq][A-Za-z0-9_-]{16,32}$/;

export const isAssignmentId = (value: unknown): value is string => typeof value === 'string' && ASSIGNMENT_ID_PATTERN.test(value);

/** Whether an assignment id was given by a `?mfe=` override (QA), not drawn for a shopper. */
export const isForcedAssignmentId = (id: string): boolean => id.startsWith(FORCED_ID_PREFIX);
