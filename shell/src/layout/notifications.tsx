import { useClientStore } from '@kaloryfer/ui';
import { $notifications, navigate, type Notification } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';

const NO_NOTIFICATIONS: Notification[] = [];

/** Toasts: errors interrupt screen readers (role=alert), the rest wait their turn (status). */
export function Notifications({ onDismiss }: { onDismiss: (id: number) => void }) {
  const notifications = useClientStore($notifications, NO_NOTIFICATIONS);
  const { t } = useTranslation('messages');
  const act = (notification: Notification, action: Notification['action1']) => {
    onDismiss(notification.id);
    if (action?.intent) navigate(action.intent);
  };
  return (
    <section className="notifications" aria-label={t('notifications.label', { ns: 'shell' })}>
      {notifications.map((notification) => (
        <div key={notification.id} className={`notification notification-${notification.type}`} role={notification.type === 'error' ? 'alert' : 'status'}>
          <p>{t(notification.message, notification.params)}</p>
          <div className="notification-actions">
            {notification.action2 && (
              <button type="button" className="button" onClick={() => act(notification, notification.action2)}>
                {t(notification.action2.label)}
              </button>
            )}
            <button type="button" className="button-secondary" onClick={() => act(notification, notification.action1)}>
              {t(notification.action1?.label ?? 'OK')}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
