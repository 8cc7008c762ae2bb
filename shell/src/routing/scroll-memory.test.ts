import { ScrollMemory, scrollTargetFor } from './scroll-memory';

describe('scroll restoration', () => {
  test.each([
    [
      { isBack: true, savedY: 840, hash: '', pathChanged: true },
      { kind: 'position', y: 840 },
    ],
    [{ isBack: true, savedY: null, hash: '', pathChanged: true }, { kind: 'top' }],
    [
      { isBack: false, savedY: null, hash: '#opinie', pathChanged: true },
      { kind: 'hash', id: 'opinie' },
    ],
    [{ isBack: false, savedY: null, hash: '#', pathChanged: true }, { kind: 'top' }],
    [{ isBack: false, savedY: null, hash: '', pathChanged: true }, { kind: 'top' }],
    [{ isBack: false, savedY: null, hash: '', pathChanged: false }, { kind: 'stay' }],
  ])('%j → %j', (change, target) => {
    expect(scrollTargetFor(change)).toEqual(target);
  });

  test('positions are kept per history entry and survive a new instance (reload)', () => {
    const storage = new Map<string, string>();
    const backing = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => {
        storage.set(k, v);
      },
    };
    new ScrollMemory(backing).save('k1', 1200.4);
    new ScrollMemory(backing).save('k2', 30);
    const memory = new ScrollMemory(backing);
    expect(memory.position('k1')).toBe(1200);
    expect(memory.position('k2')).toBe(30);
    expect(memory.position('k3')).toBeNull();
  });

  test('broken storage content reads as empty', () => {
    const memory = new ScrollMemory({ getItem: () => '{not json', setItem: () => undefined });
    expect(memory.position('k1')).toBeNull();
  });
});
