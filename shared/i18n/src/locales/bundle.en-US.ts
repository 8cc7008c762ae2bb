import { SPEC_MESSAGES } from '../spec-messages';
import { commonEn } from './common.en-US';

/** en-US speaks the spec as written: the key is the message. */
export default {
  common: commonEn,
  messages: Object.fromEntries(SPEC_MESSAGES.map((message) => [message, message])),
};
