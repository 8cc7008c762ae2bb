/** The catalogue's i18n namespace; each language is its own chunk, loaded when needed. */
export const CATALOG_NAMESPACE = {
  name: 'catalog',
  loaders: {
    'pl-PL': () => import(/* webpackChunkName: "i18n-pl-PL" */ './pl-PL').then((m) => m.default),
    'en-US': () => import(/* webpackChunkName: "i18n-en-US" */ './en-US').then((m) => m.default),
    'de-DE': () => import(/* webpackChunkName: "i18n-de-DE" */ './de-DE').then((m) => m.default),
    'it-IT': () => import(/* webpackChunkName: "i18n-it-IT" */ './it-IT').then((m) => m.default),
  },
};
