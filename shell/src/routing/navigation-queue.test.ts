import { createNavigationQueue } from './navigation-queue';

describe('serialised route changes', () => {
  test('a navigation starts only after the previous one finished, in order', async () => {
    const log: string[] = [];
    const navigate = createNavigationQueue(async (to) => {
      log.push(`start ${to}`);
      await new Promise((resolve) => setTimeout(resolve, to === '/a' ? 30 : 1));
      log.push(`end ${to}`);
    });
    await Promise.all([navigate('/a'), navigate('/b'), navigate('/c')]);
    expect(log).toEqual(['start /a', 'end /a', 'start /b', 'end /b', 'start /c', 'end /c']);
  });

  test('a failed navigation does not block the next one', async () => {
    const done: string[] = [];
    const navigate = createNavigationQueue(async (to) => {
      if (to === '/bad') throw new Error('boom');
      done.push(to);
    });
    await expect(navigate('/bad')).rejects.toThrow('boom');
    await navigate('/good');
    expect(done).toEqual(['/good']);
  });
});
