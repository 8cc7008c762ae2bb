/**
 * Account and checkout field rules with the spec's messages (§5 form messages). Each returns the
 * message of the first rule a value breaks, or null. The checkout issue reuses them.
 */
export const PERSON_MESSAGES = {
  required: 'Field is required',
  nameShort: 'Name must have at least 2 letters',
  nameLetters: 'First name and Surname can only contain letters',
  email: 'Please provide valid e-mail address',
  passwordShort: 'Password must have at least 8 letters',
  tooLong: 'Value is too long',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;

/** Letters of any alphabet, with the spaces, hyphens and apostrophes of real names (Anna-Maria, O'Neill). */
const NAME = /^\p{L}+(?:[ '’-]\p{L}+)*$/u;
/** Practical e-mail: one @, a dot in the domain, no spaces; at most 254 characters (RFC 5321). */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function nameProblem(value: string): string | null {
  const name = value.trim();
  if (name === '') return PERSON_MESSAGES.required;
  if (name.length > NAME_MAX) return PERSON_MESSAGES.tooLong;
  if (!NAME.test(name)) return PERSON_MESSAGES.nameLetters;
  if ([...name.replace(/[ '’-]/g, '')].length < 2) return PERSON_MESSAGES.nameShort;
  return null;
}

export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === '') return PERSON_MESSAGES.required;
  if (email.length > 254 || !EMAIL.test(email)) return PERSON_MESSAGES.email;
  return null;
}

export function passwordProblem(value: string): string | null {
  if (value === '') return PERSON_MESSAGES.required;
  if ([...value].length < PASSWORD_MIN) return PERSON_MESSAGES.passwordShort;
  if (value.length > PASSWORD_MAX) return PERSON_MESSAGES.tooLong;
  return null;
}
