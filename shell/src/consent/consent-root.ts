/**
 * The banner's own root at the start of <body> (the first thing Tab reaches), outside the
 * shell's frame. The page server writes it with the banner in it for a shopper who has not chosen.
 */
export const CONSENT_ROOT_ID = 'kf-consent';
/**
 * The banner's React ids (useId) are its own: the region roots the page server renders beside it
 * count their ids from the same start, and two `aria-labelledby` would point at one element.
 */
export const CONSENT_ID_PREFIX = 'kf-consent-';
