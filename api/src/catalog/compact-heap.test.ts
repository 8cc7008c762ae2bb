import v8 from 'node:v8';
import vm from 'node:vm';
import { compactHeap } from './compact-heap';

const heapMb = () => v8.getHeapStatistics().total_heap_size / 2 ** 20;

test('a full load leaves the old space mostly empty but not empty: compacting gives those pages back', () => {
  v8.setFlagsFromString('--expose-gc');
  const plainCollection = vm.runInNewContext('gc') as () => void;
  compactHeap();
  const base = heapMb(); // whatever else this process holds
  // ~300 MB of small objects that live long enough to reach the old space, then all but every
  // 32nd dropped — as a catalogue load leaves it (the rows and JSON text dead, products between them).
  let objects: { text: string; n: number }[] = [];
  for (let i = 0; i < 1_500_000; i++) objects.push({ text: `Grzejnik dekoracyjny nr ${i} ${'·'.repeat(60)}`, n: i });
  plainCollection();
  const kept = objects.filter((_, index) => index % 32 === 0);
  objects = [];
  for (let i = 0; i < 3; i++) plainCollection(); // each evacuates a few of the emptiest pages, no more
  const plain = heapMb();
  expect(compactHeap()).toBeGreaterThan(0);
  const compacted = heapMb();
  expect(compacted - base).toBeLessThan((plain - base) / 3);
  expect(kept).toHaveLength(46_875);
  expect(kept[46_874]).toEqual({ text: `Grzejnik dekoracyjny nr 1499968 ${'·'.repeat(60)}`, n: 1_499_968 }); // intact after the move
});
