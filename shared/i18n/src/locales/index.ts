/**
 * The shared dictionaries themselves (`@kaloryfer/i18n/locales`), for a test that checks a
 * component says a word in every language. A page never imports this: it loads a language's
 * words when the shopper asks for it (bundles.ts).
 */
export { commonPl, type CommonKey } from './common';
export { commonEn } from './common.en-US';
export { commonDe } from './common.de-DE';
export { commonIt } from './common.it-IT';
export { messagesPl } from './messages.pl-PL';
export { messagesDe } from './messages.de-DE';
export { messagesIt } from './messages.it-IT';
export { ALL_SHARED_BUNDLES } from './all-bundles';
