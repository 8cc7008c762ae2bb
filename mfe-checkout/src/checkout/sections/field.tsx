import { FormField, focusFirstProblem, type FormFieldInput } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { isCheckoutKey, type CheckoutProblem } from '../../domain/validation';

/** A problem in the shopper's language: spec messages live in `messages`, Polish-rule ones in `checkout`. */
export function useProblemText() {
  const { t } = useTranslation('checkout');
  return (problem: CheckoutProblem | string) => (isCheckoutKey(problem as CheckoutProblem) ? t(problem) : t(problem, { ns: 'messages' }));
}

export const fieldId = (name: string) => `checkout-${name.replace(/\./g, '-')}`;

interface FieldProps extends FormFieldInput {
  name: string;
  problem?: CheckoutProblem;
  optional?: boolean;
}

/** A checkout field: the shop's FormField with checkout's ids and its problems in the shopper's words. */
export function Field({ name, problem, optional, ...rest }: FieldProps) {
  const { t } = useTranslation('checkout');
  const text = useProblemText();
  return (
    <FormField
      {...rest}
      id={fieldId(name)}
      name={name}
      className="checkout-field"
      error={problem ? text(problem) : null}
      optionalLabel={optional ? t('checkout.optional') : undefined}
    />
  );
}

export { focusFirstProblem };
