import { REMOTE_MODULES } from './remote-modules';
import { ROUTES } from './routes';

test('every remote that owns a route exposes ./app, and a remote that owns none does not have to', () => {
  const owners = new Set(ROUTES.map((route) => route.remote));
  for (const [remote, modules] of Object.entries(REMOTE_MODULES)) {
    expect([remote, modules.includes('./app')]).toEqual([remote, owners.has(remote as never)]);
  }
});
