export const CART_NAMESPACE = {
  name: 'cart',
  loaders: {
    'pl-PL': () => import('./pl-PL').then((m) => m.default),
    'en-US': () => import('./en-US').then((m) => m.default),
  },
};
