import v8 from 'node:v8';
import vm from 'node:vm';
import { HeapPacer } from './heap-pacer';

const MB = 2 ** 20;

/** ~`mb` MB of small objects, as a step's parsed and priced documents are (kept here, so no collection takes them before the pacer looks). */
function step(mb: number): { name: string; price: number }[] {
  const objects: { name: string; price: number }[] = [];
  for (let i = 0; i < (mb * MB) / 100; i++) objects.push({ name: `Grzejnik łazienkowy ${i}`, price: i });
  return objects;
}

test('a large heap, a step past the budget: the next step waits for V8’s full collection, the event loop free meanwhile', async () => {
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  // A budget of 1 KB: V8 may collect during the step itself (a paced heap collects sooner), and what came after still counts.
  const pacer = new HeapPacer(1024, 0, 5_000);
  const kept = step(64);
  let timerRan = false;
  setTimeout(() => (timerRan = true), 0);
  // V8 collects when it decides to; a collection a moment after the wait began stands for it here.
  const collection = setTimeout(collect, 50);
  await pacer.between();
  clearTimeout(collection);
  pacer.done();
  expect(kept.length).toBeGreaterThan(0);
  expect(pacer.stats).toMatchObject({ waits: 1, collections: 1 });
  expect(pacer.stats.ms).toBeGreaterThan(0);
  expect(timerRan).toBe(true); // the event loop ran while it waited
});

test('a wait ends by its limit when no collection comes', async () => {
  const pacer = new HeapPacer(1024, 0, 100);
  const kept = step(64);
  await pacer.between();
  pacer.done();
  expect(kept.length).toBeGreaterThan(0);
  expect(pacer.stats.waits).toBe(1);
  expect(pacer.stats.ms).toBeLessThan(1_000);
});

test.each([
  { case: 'steps within the budget', budget: 4096 * MB, largeAbove: 0 },
  { case: 'a small heap (a test shop), whatever the steps add', budget: 16 * MB, largeAbove: 64 * 1024 * MB },
])('$case: no wait', async ({ budget, largeAbove }) => {
  const pacer = new HeapPacer(budget, largeAbove, 5_000);
  const kept = step(64);
  await pacer.between();
  pacer.done();
  expect(kept.length).toBeGreaterThan(0);
  expect(pacer.stats).toEqual({ waits: 0, collections: 0, ms: 0 });
});
