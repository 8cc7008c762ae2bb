import type { NotificationInput } from '@kaloryfer/contracts';
import { CART_MESSAGES, type Message } from './server-message';

/**
 * The notices the engine sends the shopper in its own words (the server's reasons come as a
 * `Message`, server-message.ts). Each call makes a new object: a listener may keep it.
 */

/** The action an added or updated line's notice offers. */
export const PROCEED = { label: CART_MESSAGES.proceed, intent: { name: 'checkout' as const } };

/** A line's quantity (or variant) changed on the server. */
export const qtyUpdated = (): NotificationInput => ({ type: 'success', message: CART_MESSAGES.qtyUpdated, action2: PROCEED });

/** A call failed: the reason, with its parameters when it has any. */
export const errorNotice = ({ message, params }: Message): NotificationInput => ({ type: 'error', message, ...(params ? { params } : {}) });
