import { commonDe, commonEn, commonIt, commonPl } from './common';
import { messagesDe } from './messages.de-DE';
import { messagesIt } from './messages.it-IT';
import { messagesPl } from './messages.pl-PL';
import { SPEC_MESSAGES } from '../spec-messages';

/** en-US speaks the spec as written: the key is the message. */
const messagesEn = Object.fromEntries(SPEC_MESSAGES.map((message) => [message, message]));

export const SHARED_BUNDLES = {
  'pl-PL': { common: commonPl, messages: messagesPl },
  'en-US': { common: commonEn, messages: messagesEn },
  'de-DE': { common: commonDe, messages: messagesDe },
  'it-IT': { common: commonIt, messages: messagesIt },
} as const;
