import { pageView, pushToDataLayer } from './tag-manager';

describe('tag manager bridge', () => {
  test('creates dataLayer on first push and appends after', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushToDataLayer({ event: 'a' }, target as never);
    pushToDataLayer({ event: 'b' }, target as never);
    expect(target.dataLayer).toEqual([{ event: 'a' }, { event: 'b' }]);
  });

  test('a page view names the path, route and remote', () => {
    expect(pageView({ path: '/c/akcesoria', search: '?sort=price', name: 'category', remote: 'catalog' }, 'Akcesoria - Sklep')).toEqual({
      event: 'page_view', page_path: '/c/akcesoria?sort=price', page_title: 'Akcesoria - Sklep', route_name: 'category', remote: 'catalog',
    });
  });
});
