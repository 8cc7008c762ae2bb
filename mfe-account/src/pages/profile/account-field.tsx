import { useTranslation } from '@kaloryfer/i18n';
import { FormField, type FormFieldInput } from '@kaloryfer/ui';
import { isProfileKey, type Problem } from './validation';

/** A problem in the shopper's language: spec messages live in `messages`, the Polish-rule ones in `account`. */
export function useProblemText() {
  const { t } = useTranslation('account');
  return (problem: Problem) => (isProfileKey(problem) ? t(problem) : t(problem, { ns: 'messages' }));
}

interface FieldProps extends FormFieldInput {
  /** Unique on the page: the input's id is made from it. */
  id: string;
  problem?: Problem;
  optional?: boolean;
}

/** An account page's field: the shop's FormField with the account's ids and its problems in the shopper's words. */
export function AccountField({ id, problem, optional, ...rest }: FieldProps) {
  const { t } = useTranslation('account');
  const text = useProblemText();
  return (
    <FormField
      {...rest}
      id={`account-${id}`}
      name={id}
      className="account-field"
      error={problem ? text(problem) : null}
      optionalLabel={optional ? t('profile.optional') : undefined}
    />
  );
}

/** After a refused submit the first field with a problem takes the focus (in the order the form shows them). */
export const firstProblemIn = (container: HTMLElement | null) => container?.querySelector<HTMLElement>('[aria-invalid="true"]');
