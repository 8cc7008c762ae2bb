import { $session, linkTo } from '@kaloryfer/contracts';
import { createRemoteLifecycles, Icon } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useTranslation } from '@kaloryfer/i18n';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';

function AccountButton() {
  const { t } = useTranslation('account');
  const session = useStore($session);
  return (
    <a className="button-icon header-link" href={linkTo({ name: 'my-account' })}
      aria-label={session.authorised ? t('account.button') : t('account.login')}>
      <Icon name="user" />
    </a>
  );
}

export default createRemoteLifecycles(AccountButton, ACCOUNT_NAMESPACE);
