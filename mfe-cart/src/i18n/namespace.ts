export const CART_NAMESPACE = {
  name: 'cart',
  loaders: {
    'pl-PL': () => import(/* webpackChunkName: "i18n-pl-PL" */ './pl-PL').then((m) => m.default),
    'en-US': () => import(/* webpackChunkName: "i18n-en-US" */ './en-US').then((m) => m.default),
    'de-DE': () => import(/* webpackChunkName: "i18n-de-DE" */ './de-DE').then((m) => m.default),
    'it-IT': () => import(/* webpackChunkName: "i18n-it-IT" */ './it-IT').then((m) => m.default),
  },
};
