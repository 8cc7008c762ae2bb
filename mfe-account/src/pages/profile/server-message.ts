import { isSpecMessage, useTranslation } from '@kaloryfer/i18n';
import { ApiFailure } from '@kaloryfer/ui';

/**
 * The API's messages the spec does not list, with their keys in this dictionary (spec §8:
 * "Password change failure shows the translated server errorMessage"). The texts are the API's
 * own constants (api/src/customers/customers.ts, api/src/auth/rate-limit.ts, api/src/orders/orders.ts).
 */
const SERVER_MESSAGES: Record<string, string> = {
  "The password doesn't match this account. Verify the password and try again.": 'profile.server.wrongPassword',
  'The password reset link is not valid. Ask for a new one.': 'profile.server.resetInvalid',
  'The password reset link has already been used. Ask for a new one.': 'profile.server.resetUsed',
  'The password reset link has expired. Ask for a new one.': 'profile.server.resetExpired',
  'Too many attempts, please try again later': 'auth.error.tooManyAttempts',
  'No such address': 'profile.server.noSuchAddress',
  'The tax identification number (NIP) is not valid': 'profile.error.nipChecksum',
  'We deliver in Poland only (country_id PL)': 'profile.server.onlyPoland',
};

/** The API prefixes a field's problem with where it is (`customer.addresses[0]: …`); the shopper reads the message. */
const withoutWhere = (message: string) => message.replace(/^customer(?:\.\w+|\.addresses\[\d+\])*: /, '');

/** What a failed call says to the shopper, in their language. */
export function useServerMessage(): (error: unknown) => string {
  const { t } = useTranslation('account');
  return (error) => {
    if (!(error instanceof ApiFailure) || error.status >= 500) return t('Something went wrong', { ns: 'messages' });
    const message = withoutWhere(error.message);
    const key = SERVER_MESSAGES[message];
    if (key) return t(key);
    if (isSpecMessage(message)) return t(message, { ns: 'messages' });
    // A 4xx the dictionary does not know: the server's own words are more use than a generic line.
    return message || t('Something went wrong', { ns: 'messages' });
  };
}

/** True for the API's refusals of a reset link (unknown, used, expired): the shopper needs a new link. */
export const isResetLinkRefusal = (error: unknown) => error instanceof ApiFailure && error.status === 400 && /^The password reset link /.test(error.message);
