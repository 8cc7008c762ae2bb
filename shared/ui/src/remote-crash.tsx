import { useTranslation } from '@kaloryfer/i18n';

/** What a remote shows in its own region when one of its components throws while rendering. */
export function RemoteCrash() {
  const { t } = useTranslation('messages');
  return (
    <div className="region-fallback" role="alert">
      <h1>{t('Something went wrong')}</h1>
      <button type="button" className="button" onClick={() => location.reload()}>
        {t('fallback.retry', { ns: 'shell' })}
      </button>
    </div>
  );
}
