import { definitionProblem, modulesOf, patternsOverlap } from './remote-rules';
import { BUILT_IN_REMOTES, registeredRouteRows, routedRemotes, shopRemotes, slotOwners, type RemoteDefinition } from './remotes';
import { matchRoute, ROUTES, routeTable, setRegisteredRoutes } from './routes';

const gallery: RemoteDefinition = {
  name: 'gallery',
  routes: [
    { name: 'gallery', pattern: '/galeria' },
    { name: 'gallery-item', pattern: '/galeria/:slug' },
  ],
  slots: {},
};

afterEach(() => setRegisteredRoutes([]));

test('the built-in five: their routes are the spec table, each owner of a route exposes ./app, the slots are filled', () => {
  expect(BUILT_IN_REMOTES.map((remote) => remote.name)).toEqual(['catalog', 'cart', 'checkout', 'account', 'content']);
  expect(BUILT_IN_REMOTES.flatMap((remote) => remote.routes).length).toBe(ROUTES.length);
  const owners = new Set(ROUTES.map((route) => route.remote));
  for (const remote of BUILT_IN_REMOTES) expect([remote.name, modulesOf(remote).includes('./app')]).toEqual([remote.name, owners.has(remote.name as never)]);
  expect(modulesOf(BUILT_IN_REMOTES.find((remote) => remote.name === 'account')!)).toEqual(['./app', './AccountButton', './WishlistButton']);
  expect(routedRemotes(BUILT_IN_REMOTES)).toEqual(['catalog', 'checkout', 'account', 'content']);
  expect(slotOwners(BUILT_IN_REMOTES)).toEqual({
    search: { remote: 'catalog', module: './SearchButton' },
    account: { remote: 'account', module: './AccountButton' },
    wishlist: { remote: 'account', module: './WishlistButton' },
    minicart: { remote: 'cart', module: './MiniCart' },
    footer: { remote: 'content', module: './Footer' },
  });
});

test.each([
  ['a new remote with its own paths', gallery, null],
  ['a remote filling the footer only', { name: 'footer2', routes: [], slots: { footer: './Footer' } }, null],
  ['a built-in name', { ...gallery, name: 'cart' }, 'cart is a remote of the shop already'],
  ['a name with capitals', { ...gallery, name: 'Gallery' }, 'is no remote name'],
  ['a name too long', { ...gallery, name: 'averyveryverylongname' }, 'is no remote name'],
  ['nothing to do', { name: 'idle', routes: [], slots: {} }, 'at least one route or fills a slot'],
  [
    'a path the checkout owns',
    { ...gallery, routes: [{ name: 'mine', pattern: '/checkout' }] },
    '/checkout overlaps /checkout, which checkout owns (checkout)',
  ],
  ['a parameter over a built-in path', { ...gallery, routes: [{ name: 'mine', pattern: '/porady/:topic' }] }, 'overlaps /porady/:slug, which content owns'],
  ['a route name taken', { ...gallery, routes: [{ name: 'compare', pattern: '/porownaj' }] }, "the route name compare is catalog's already"],
  [
    'its own two routes overlapping',
    { ...gallery, routes: [...gallery.routes, { name: 'gallery-other', pattern: '/galeria/:id' }] },
    'overlaps /galeria/:slug',
  ],
  ['a catch-all', { ...gallery, routes: [{ name: 'all', pattern: '*' }] }, 'is no path pattern'],
  ['a pattern with a query', { ...gallery, routes: [{ name: 'g', pattern: '/galeria?x=1' }] }, 'is no path pattern'],
  ['a slot the shell has not', { ...gallery, slots: { sidebar: './X' } as never }, 'the shell has no slot "sidebar"'],
  ['a module without ./', { ...gallery, slots: { footer: 'Footer' } }, 'is no exposed module'],
])('%s', (_name, candidate, problem) => {
  const found = definitionProblem(candidate as RemoteDefinition, shopRemotes());
  if (problem === null) expect(found).toBeNull();
  else expect(found?.message).toContain(problem);
});

test('a well-formed definition whose name, path or slot is another remote’s is told apart (taken) from a malformed one', () => {
  expect(definitionProblem({ ...gallery, name: 'cart' }, shopRemotes())?.taken).toBe(true);
  expect(definitionProblem({ ...gallery, name: 'Cart' }, shopRemotes())?.taken).toBe(false);
  const withFooter = shopRemotes([{ name: 'footer2', routes: [], slots: { footer: './Footer' } }]);
  expect(definitionProblem({ name: 'footer3', routes: [], slots: { footer: './Footer' } }, withFooter)).toEqual({
    message: "the footer slot is footer2's already",
    taken: true,
  });
});

test('registered routes match after the built-in ones and before the catch-all; a registered slot owner replaces the built-in one', () => {
  expect(matchRoute('/galeria/obraz').remote).toBe('catalog'); // unknown until registered: the URL dispatcher's
  const shop = shopRemotes([gallery, { name: 'footer2', routes: [], slots: { footer: './Footer' } }]);
  setRegisteredRoutes(registeredRouteRows(shop));
  expect(matchRoute('/galeria/obraz')).toEqual({ name: 'gallery-item', remote: 'gallery', params: { slug: 'obraz' } });
  expect(matchRoute('/galeria')).toEqual({ name: 'gallery', remote: 'gallery', params: {} });
  expect(matchRoute('/porady').remote).toBe('content');
  expect(matchRoute('/zupelnie/inna').name).toBe('url-dispatcher');
  expect(routeTable().at(-1)?.pattern).toBe('*');
  expect(routedRemotes(shop)).toEqual(['catalog', 'checkout', 'account', 'content', 'gallery']);
  expect(slotOwners(shop).footer).toEqual({ remote: 'footer2', module: './Footer' });
  expect(shopRemotes([{ ...gallery, name: 'cart' }]).filter((remote) => remote.name === 'cart')).toHaveLength(1);
});

test.each([
  ['/galeria', '/galeria', true],
  ['/galeria/:slug', '/galeria/obraz', true],
  ['/galeria/:slug', '/porady/:slug', false],
  ['/a/:x', '/:y/b', true],
  ['/a', '/a/b', false],
  ['*', '/a', false],
])('%s and %s overlap: %s', (a, b, overlap) => {
  expect(patternsOverlap(a, b)).toBe(overlap);
});
