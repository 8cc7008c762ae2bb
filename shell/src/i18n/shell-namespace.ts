import { registerNamespace } from '@kaloryfer/i18n';
import shellPl from './shell.pl-PL';

export const SHELL_NAMESPACE = 'shell';

/**
 * The shell's words as the browser gets them: Polish with the shell's code, any other language
 * as a chunk of its own, loaded when the page speaks it (a Polish page carries no English,
 * German or Italian words). The page server and the tests use all four (shell-bundles.ts).
 */
export const SHELL_LOADERS = {
  'pl-PL': () => Promise.resolve(shellPl),
  'en-US': () => import('./shell.en-US').then((m) => m.default),
  'de-DE': () => import('./shell.de-DE').then((m) => m.default),
  'it-IT': () => import('./shell.it-IT').then((m) => m.default),
};

/** The page's language (and its fallback) now, any other when the shopper switches to it. */
export function registerShellNamespace(): Promise<void> {
  return registerNamespace(SHELL_NAMESPACE, SHELL_LOADERS);
}
