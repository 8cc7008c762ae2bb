import { Button } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';

/** A load that failed: what happened, said at once (alert), and a way to try again. */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="orders-problem">
      <p role="alert">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('orders.retry')}
      </Button>
    </div>
  );
}
