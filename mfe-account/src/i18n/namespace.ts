export const ACCOUNT_NAMESPACE = {
  name: 'account',
  loaders: {
    'pl-PL': () => import('./pl-PL').then((m) => m.default),
    'en-US': () => import('./en-US').then((m) => m.default),
  },
};
