import { addWords, i18n } from '@kaloryfer/i18n';
import shellDe from './shell.de-DE';
import shellEn from './shell.en-US';
import shellIt from './shell.it-IT';
import shellPl from './shell.pl-PL';
import { SHELL_NAMESPACE } from './shell-namespace';

/** The shell's words in every language at once: the page server's, and the tests'. */
export const SHELL_BUNDLES = { 'pl-PL': shellPl, 'en-US': shellEn, 'de-DE': shellDe, 'it-IT': shellIt };

/** Adds every language's words to the page's i18next, synchronously (tests). */
export function addShellNamespace(): void {
  for (const [language, words] of Object.entries(SHELL_BUNDLES)) {
    addWords(i18n, language, SHELL_NAMESPACE, words);
  }
}
