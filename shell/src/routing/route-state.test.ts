import { isInAppLink, routeStateFor } from './route-state';

describe('route state', () => {
  test('names the route, keeps params and the previous path', () => {
    const first = routeStateFor({ pathname: '/c/akcesoria', search: '?sort=price', hash: '' }, null, false);
    expect(first).toEqual({
      path: '/c/akcesoria',
      search: '?sort=price',
      hash: '',
      name: 'category',
      params: { slug: 'akcesoria' },
      previousPath: null,
      isBack: false,
    });
    const second = routeStateFor({ pathname: '/compare', search: '', hash: '' }, first, true);
    expect(second).toMatchObject({ name: 'compare', previousPath: '/c/akcesoria', isBack: true });
  });

  test("a path of no fixed route is the URL dispatcher's (the catalogue resolves or sends to page-not-found)", () => {
    expect(routeStateFor({ pathname: '/grzejnik-x-kf-dp-0001', search: '', hash: '' }, null, false)).toMatchObject({ name: 'url-dispatcher', params: {} });
  });
});

describe('link interception', () => {
  const anchor = (href: string, attributes: Record<string, string> = {}, target = '') => ({
    href: new URL(href, 'http://localhost:3000/').href,
    target,
    hasAttribute: (name: string) => name in attributes,
    getAttribute: (name: string) => (name === 'href' ? href : (attributes[name] ?? null)),
  });
  test.each([
    [anchor('/c/akcesoria'), true],
    [anchor('http://localhost:3000/compare'), true],
    [anchor('#main-content'), false],
    [anchor('http://example.org/'), false],
    [anchor('/katalog.pdf', { download: '' }), false],
    [anchor('/c/x', {}, '_blank'), false],
    [anchor('/c/x', { rel: 'external noopener' }), false],
  ])('%j → %s', (link, inApp) => {
    expect(isInAppLink(link, 'http://localhost:3000')).toBe(inApp);
  });
});
