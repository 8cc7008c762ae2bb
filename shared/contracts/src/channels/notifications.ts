import { defineChannel } from '../bus';
import type { RouteIntent } from '../routes';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

export interface NotificationAction {
  /** An i18n key; the shell translates it. */
  readonly label: string;
  /** Where the action goes; absent = just dismiss. */
  readonly intent?: RouteIntent;
}

/** What a remote sends; the shell (the one writer of $notifications) adds id and timers. */
export interface NotificationInput {
  readonly type: NotificationType;
  /** An i18n key (spec §8 message); params fill its {placeholders}. */
  readonly message: string;
  readonly params?: Record<string, string | number>;
  readonly action1?: NotificationAction;
  readonly action2?: NotificationAction;
  readonly timeToLive?: number;
  readonly hasNoTimeout?: boolean;
}

/** Command: show a notification. */
export const notificationRequested = defineChannel<NotificationInput>('notification:show');
