export const ACCOUNT_NAMESPACE = {
  name: 'account',
  loaders: {
    'pl-PL': () => import('./pl-PL').then((m) => m.default),
    'en-US': () => import('./en-US').then((m) => m.default),
    'de-DE': () => import('./de-DE').then((m) => m.default),
    'it-IT': () => import('./it-IT').then((m) => m.default),
  },
};
