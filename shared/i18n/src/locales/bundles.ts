import { commonPl } from './common';
import { messagesPl } from './messages.pl-PL';

type Dictionary = Record<string, string>;
export interface SharedBundle {
  common: Dictionary;
  messages: Dictionary;
}

/** Polish is the shop's language: it comes with the page's first code. */
export const POLISH_BUNDLE: SharedBundle = { common: commonPl, messages: messagesPl };

/** The other languages' shared words load when a page or a shopper asks for them. */
const LOADERS: Record<string, () => Promise<SharedBundle>> = {
  'pl-PL': async () => POLISH_BUNDLE,
  'en-US': () => import('./bundle.en-US').then((module) => module.default),
  'de-DE': () => import('./bundle.de-DE').then((module) => module.default),
  'it-IT': () => import('./bundle.it-IT').then((module) => module.default),
};

export function loadSharedBundle(language: string): Promise<SharedBundle> {
  return (LOADERS[language] ?? LOADERS['pl-PL'])();
}
