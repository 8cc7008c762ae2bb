import { $cart, ATOM_OWNERS, claimWriter, type AtomName, type Owner } from './index';

describe('one writer per atom', () => {
  test.each(Object.entries(ATOM_OWNERS) as [AtomName, Owner][])('$%s is writable by %s', (name, owner) => {
    expect(() => claimWriter(name, owner)).not.toThrow();
  });

  test.each<[AtomName, Owner]>([
    ['cart', 'mfe-catalog'],
    ['session', 'shell'],
    ['notifications', 'mfe-cart'],
    ['compare', 'mfe-account'],
  ])('$%s refuses %s', (name, owner) => {
    expect(() => claimWriter(name, owner)).toThrow(`${owner} may not write $${name}`);
  });

  test('the owner writes, readers see it', () => {
    const cart = claimWriter('cart', 'mfe-cart');
    cart.set({ ...cart.get(), itemsCount: 4 });
    expect($cart.get().itemsCount).toBe(4);
  });
});
