import { Bitset } from './bitset';

describe('Bitset', () => {
  test.each([0, 1, 31, 32, 33, 64, 100])('full(%i) holds exactly that many', (size) => {
    const set = Bitset.full(size);
    expect(set.count()).toBe(size);
    expect(set.toArray()).toEqual(Array.from({ length: size }, (_, index) => index));
  });

  test('and, or, andNot and countAnd agree with sets', () => {
    const a = Bitset.of(70, [0, 5, 31, 32, 63, 69]);
    const b = Bitset.of(70, [5, 32, 33, 69]);
    expect(a.countAnd(b)).toBe(3);
    expect(a.clone().and(b).toArray()).toEqual([5, 32, 69]);
    expect(a.clone().or(b).toArray()).toEqual([0, 5, 31, 32, 33, 63, 69]);
    expect(a.clone().andNot(b).toArray()).toEqual([0, 31, 63]);
  });

  test('add, delete and has', () => {
    const set = new Bitset(40);
    set.add(39);
    set.add(7);
    expect(set.has(39)).toBe(true);
    set.delete(39);
    expect(set.has(39)).toBe(false);
    expect(set.toArray()).toEqual([7]);
  });
});
