import { commonIt } from './common.it-IT';
import { messagesIt } from './messages.it-IT';

export default { common: commonIt as Record<string, string>, messages: messagesIt as Record<string, string> };
