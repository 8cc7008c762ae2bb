import { useTranslation } from '@kaloryfer/i18n';
import { isAuthKey, type Problem } from './auth-problems';

/** A problem in the shopper's language: spec messages live in `messages`, the API's own in `account`. */
export function useProblemText(): (problem: Problem) => string {
  const { t } = useTranslation('account');
  return (problem) => (isAuthKey(problem) ? t(problem) : t(problem, { ns: 'messages' }));
}
