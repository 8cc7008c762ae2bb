import { finishProgress, progressAt, progressValue, startProgress } from './progress-model';

describe('progress bar (spec §4)', () => {
  test('starts at 0, creeps up, never passes 99 on its own', () => {
    const values = [0, 100, 500, 1000, 3000, 10_000, 1_000_000].map((t) => progressAt(t));
    expect(values[0]).toBe(0);
    for (let i = 1; i < values.length; i += 1) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]);
    expect(Math.max(...values)).toBe(99);
    expect(progressAt(3000)).toBeGreaterThan(90);
  });

  test('a longer duration creeps slower', () => {
    expect(progressAt(1000, 6000)).toBeLessThan(progressAt(1000, 3000));
  });

  test('finishing shows 100; finishing an idle bar does nothing', () => {
    const running = startProgress(0);
    expect(progressValue(running, 1000)).toBeLessThan(99);
    expect(progressValue(finishProgress(running, 1000), 1000)).toBe(100);
    expect(finishProgress({ kind: 'idle' }, 5)).toEqual({ kind: 'idle' });
  });
});
