import { nameProblem, NIP_CHECKSUM, nipProblem as nipRule, passwordProblem, phoneProblem, postcodeProblem as postcodeRule } from '@kaloryfer/domain';
import type { SpecMessage } from '@kaloryfer/i18n';

/**
 * The account forms' field rules. A problem is a spec message (§5, translated in the shared
 * `messages` namespace) or an `account` key for the Polish rule the spec has no message for
 * (the NIP checksum) — the same split checkout makes.
 */
export type ProfileProblemKey = 'profile.error.nipChecksum';
export type Problem = SpecMessage | ProfileProblemKey;
export type Problems = Partial<Record<string, Problem>>;

export const isProfileKey = (problem: string): problem is ProfileProblemKey => problem.startsWith('profile.');

const REQUIRED: SpecMessage = 'Field is required';
const TOO_LONG: SpecMessage = 'Value is too long';

export const person = (value: string) => nameProblem(value) as Problem | null;

export function required(value: string, max = 200): Problem | null {
  if (value.trim() === '') return REQUIRED;
  return value.trim().length > max ? TOO_LONG : null;
}

// Postcode, phone and NIP follow @kaloryfer/domain's rules (one set for checkout, the account and the API).
export const postcodeProblem = (value: string): Problem | null => postcodeRule(value);

/** A phone is optional on an address; when given it must be a Polish number. */
export const optionalPhoneProblem = (value: string): Problem | null => phoneProblem(value, { optional: true });

/** NIP: ten digits (dashes and spaces allowed), then the checksum. */
export function nipProblem(value: string, { optional = false } = {}): Problem | null {
  const problem = nipRule(value, { optional });
  return problem === NIP_CHECKSUM ? 'profile.error.nipChecksum' : problem;
}

export const optionalNipProblem = (value: string): Problem | null => nipProblem(value, { optional: true });

/** A new password and its repetition (spec §5: 'Password must have at least 8 letters', 'Passwords must be identical'). */
export function newPasswordProblems(password: string, repeat: string): Problems {
  return collect([
    ['password', passwordProblem(password) as Problem | null],
    ['repeat', repeat === '' ? REQUIRED : repeat !== password ? 'Passwords must be identical' : null],
  ]);
}

export function collect(entries: [string, Problem | null][]): Problems {
  return Object.fromEntries(entries.filter((entry): entry is [string, Problem] => entry[1] !== null));
}

export const hasProblems = (problems: Problems) => Object.keys(problems).length > 0;
