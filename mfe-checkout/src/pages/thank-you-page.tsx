import { PageFrame } from '@kaloryfer/ui';
import { useTranslation } from 'react-i18next';

export function ThankYouPage({ search }: { search: string }) {
  const { t } = useTranslation('checkout');
  const number = new URLSearchParams(search).get('order_increment_id');
  return (
    <PageFrame title={t('thankYou.title')}>
      <p>{number ? t('thankYou.number', { number }) : t('thankYou.noNumber')}</p>
      <p>{t('thankYou.next')}</p>
    </PageFrame>
  );
}
