import { defineChannel } from '../bus';
import type { RouteIntent } from '../routes';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

export interface NotificationAction {
  /** An i18n key; the shell translates it. */
  label: string;
  /** Where the action goes; absent = just dismiss. */
  intent?: RouteIntent;
}

/** What a remote sends; the shell (the one writer of $notifications) adds id and timers. */
export interface NotificationInput {
  type: NotificationType;
  /** An i18n key (spec §8 message); params fill its {placeholders}. */
  message: string;
  params?: Record<string, string | number>;
  action1?: NotificationAction;
  action2?: NotificationAction;
  timeToLive?: number;
  hasNoTimeout?: boolean;
}

/** Command: show a notification. */
export const notificationRequested = defineChannel<NotificationInput>('notification:show');
