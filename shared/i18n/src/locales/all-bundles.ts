import { POLISH_BUNDLE, type SharedBundle } from './bundles';
import de from './bundle.de-DE';
import en from './bundle.en-US';
import it from './bundle.it-IT';

/** Every language at once, for the page server (it renders whichever language a page asks for). */
export const ALL_SHARED_BUNDLES: Record<string, SharedBundle> = { 'pl-PL': POLISH_BUNDLE, 'en-US': en, 'de-DE': de, 'it-IT': it };
