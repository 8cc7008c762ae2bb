import { checkoutStep, checkoutStepOf, pageView, pushToDataLayer } from './tag-manager';

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

test.each<[string, string, number | null]>([
  ['checkout', '', 2], ['checkout', '#shipping', 3], ['checkout', '#payment', 4], ['checkout', '#orderReview', 5],
  ['en-checkout', '#payment', 4], ['checkout', '#nonsense', null], ['thank-you-page', '', null], ['home', '#shipping', null],
])('checkout tracking: route %s with hash %j → step %s (spec §9)', (name, hash, step) => {
  expect(checkoutStepOf({ name, hash })).toBe(step);
});

test('a checkout step event in the enhanced-ecommerce shape tag managers read', () => {
  expect(checkoutStep(1)).toEqual({ event: 'checkout', ecommerce: { checkout: { actionField: { step: 1 } } } });
});
