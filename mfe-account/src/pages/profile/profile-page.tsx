import { $session, NO_SESSION } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { useClientStore } from '@kaloryfer/ui';
import { CompanySection } from './company-section';
import { PasswordSection } from './password-section';
import { PersonalDataSection } from './personal-data-section';

/** `/my-account`: the customer's data, the password, the company's invoice data. Shown to a signed-in customer only (the guard). */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const { user } = useClientStore($session, NO_SESSION);
  // Signed in from storage while the profile is still on its way.
  if (!user) return <p role="status">{t('profile.loading')}</p>;
  return (
    <div className="account-page">
      <PersonalDataSection user={user} />
      <PasswordSection />
      <CompanySection user={user} />
    </div>
  );
}
