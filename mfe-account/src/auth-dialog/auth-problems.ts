import { emailProblem, nameProblem, passwordProblem, PERSON_MESSAGES } from '@kaloryfer/domain';
import { isSpecMessage, type SpecMessage } from '@kaloryfer/i18n';
import { ApiFailure } from '@kaloryfer/ui';
import type { AuthKey } from '../i18n/auth.pl-PL';

/**
 * What a form shows as a problem: a spec message (an i18n key of the shared `messages`
 * namespace, spec §5 and §8) or a key of the auth dictionary (the API's own answers that the
 * spec does not list). `useProblemText` turns either into the shopper's language.
 */
export type Problem = SpecMessage | AuthKey;

export const isAuthKey = (problem: Problem): problem is AuthKey => problem.startsWith('auth.');

export const EXISTING_CUSTOMER: SpecMessage = 'A customer with the same email address already exists';
export const PASSWORDS_DIFFER: SpecMessage = 'Passwords must be identical';
export const TERMS_NOT_ACCEPTED: SpecMessage = 'You must accept the terms and conditions';
export const OFFLINE: SpecMessage = 'You are offline';
export const RESET_OFFLINE: SpecMessage = 'Reset password feature does not work while offline!';
const SOMETHING_WENT_WRONG: SpecMessage = 'Something went wrong';
/** The server's answers about the e-mail field: shown under it rather than for the whole form. */
export const EMAIL_PROBLEMS: ReadonlySet<Problem> = new Set<Problem>([EXISTING_CUSTOMER, 'Please provide valid e-mail address']);

/**
 * The API's answers the storefront shows that are not spec messages (docs/account.md): the
 * login's one answer for a wrong password and an unknown e-mail, and the rate limit. They are
 * translated in the auth dictionary rather than added to the spec's messages, whose namespace holds
 * the spec's messages exactly (shared/i18n/src/i18n.test.ts holds it to that list).
 */
const API_MESSAGES: Readonly<Record<string, AuthKey>> = {
  'You did not sign in correctly or your account is temporarily disabled.': 'auth.error.credentials',
  'Too many attempts, please try again later': 'auth.error.tooManyAttempts',
};

/** The problem to show for a failed account call. */
export function failureProblem(error: unknown): Problem {
  if (!(error instanceof ApiFailure)) return SOMETHING_WENT_WRONG;
  if (error.status === 429) return 'auth.error.tooManyAttempts';
  const known = API_MESSAGES[error.message];
  if (known) return known;
  if (isSpecMessage(error.message)) return error.message;
  // The API says where a field's problem is ('customer.email: Please provide valid e-mail address').
  const bare = error.message.replace(/^[\w.[\]]+: /, '');
  if (isSpecMessage(bare)) return bare;
  // The login answers 401 for a wrong password or an unknown e-mail, whatever its wording.
  if (error.status === 401) return 'auth.error.credentials';
  return SOMETHING_WENT_WRONG;
}

export interface LoginValues {
  email: string;
  password: string;
}
export interface RegisterValues {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  repeatPassword: string;
  terms: boolean;
  newsletter: boolean;
}
export interface ForgotValues {
  email: string;
}

/** Sign in: an e-mail and any password (the length rule is the registration's; the server decides). */
export function loginProblem(field: keyof LoginValues, values: LoginValues): Problem | null {
  if (field === 'email') return emailProblem(values.email) as Problem | null;
  return values.password === '' ? PERSON_MESSAGES.required : null;
}

/** Registration (spec §5): names, e-mail, password twice, the terms; the newsletter is optional. */
export function registerProblem(field: keyof RegisterValues, values: RegisterValues): Problem | null {
  switch (field) {
    case 'firstname':
    case 'lastname':
      return nameProblem(values[field]) as Problem | null;
    case 'email':
      return emailProblem(values.email) as Problem | null;
    case 'password':
      return passwordProblem(values.password) as Problem | null;
    case 'repeatPassword':
      if (values.repeatPassword === '') return PERSON_MESSAGES.required;
      return values.repeatPassword === values.password ? null : PASSWORDS_DIFFER;
    case 'terms':
      return values.terms ? null : TERMS_NOT_ACCEPTED;
    case 'newsletter':
      return null;
  }
}

export function forgotProblem(_field: keyof ForgotValues, values: ForgotValues): Problem | null {
  return emailProblem(values.email) as Problem | null;
}
