import { commonDe } from './common.de-DE';
import { messagesDe } from './messages.de-DE';

export default { common: commonDe as Record<string, string>, messages: messagesDe as Record<string, string> };
