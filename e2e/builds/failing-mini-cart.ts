import miniCart from '../../mfe-cart/src/widgets/mini-cart.exposed';

/**
 * The cart's mini-cart whose every mount throws (failing-mini-cart.rspack.cjs builds it): it
 * loads and bootstraps as the real one does — its words, the cart engine — and fails where a
 * broken release would, in the mount the shell's region isolates and the signals count.
 */
export default {
  ...miniCart,
  mount: async ({ name }: { name: string }) => {
    throw new Error(`${name}: this build was made to fail on mount`);
  },
};
