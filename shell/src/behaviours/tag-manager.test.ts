import { checkoutStep, checkoutStepOf, CONSENT_DEFAULT, gtagCommandOf, pageView, pushToDataLayer, TagManager, tagManagerFor } from './tag-manager';

/** dataLayer with gtag commands shown as arrays, as a tag manager reads them. */
const entries = (target: { dataLayer?: unknown[] }) => (target.dataLayer ?? []).map((entry) => gtagCommandOf(entry) ?? entry);

describe('tag manager bridge', () => {
  test('creates dataLayer on first push: Consent Mode default first, then what consent allows, in order', () => {
    const target: { dataLayer?: unknown[] } = {};
    tagManagerFor(target as never).setConsent({ analytics: true, marketing: false });
    pushToDataLayer({ event: 'a' }, target as never);
    pushToDataLayer({ event: 'b' }, target as never);
    expect(entries(target)).toEqual([
      ['consent', 'default', CONSENT_DEFAULT],
      ['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }],
      { event: 'a' },
      { event: 'b' },
    ]);
  });

  test('consent commands are pushed the gtag way: an arguments object, not an array', () => {
    const target: { dataLayer?: unknown[] } = {};
    new TagManager(target as never).start();
    const [first] = target.dataLayer!;
    expect(Array.isArray(first)).toBe(false);
    expect(Object.prototype.toString.call(first)).toBe('[object Arguments]');
    expect(Array.from(first as IArguments)).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        functionality_storage: 'granted',
        security_storage: 'granted',
        wait_for_update: 500,
      },
    ]);
  });

  test('before a choice nothing analytic is pushed; it waits, and goes after the update once analytics is granted', () => {
    const target: { dataLayer?: unknown[] } = {};
    const manager = new TagManager(target as never);
    manager.push({ event: 'page_view', page_path: '/' });
    manager.push({ event: 'mfe_assignment', remote: 'checkout', variant: 'b' });
    manager.push({ event: 'mfe_fallback', remote: 'checkout', from: 'b', to: 'a' }); // the shop's operation: no consent needed
    expect(entries(target)).toEqual([['consent', 'default', CONSENT_DEFAULT], { event: 'mfe_fallback', remote: 'checkout', from: 'b', to: 'a' }]);

    manager.setConsent({ analytics: true, marketing: false });
    expect(entries(target).slice(2)).toEqual([
      ['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }],
      { event: 'page_view', page_path: '/' },
      { event: 'mfe_assignment', remote: 'checkout', variant: 'b' },
    ]);
  });

  test('rejected: what waited is dropped and later analytics events are never pushed', () => {
    const target: { dataLayer?: unknown[] } = {};
    const manager = new TagManager(target as never);
    manager.push({ event: 'page_view', page_path: '/' });
    manager.setConsent({ analytics: false, marketing: false });
    manager.push({ event: 'checkout', step: 2 });
    manager.push({ event: 'page_error', page_path: '/c/akcesoria' });
    expect(entries(target)).toEqual([
      ['consent', 'default', CONSENT_DEFAULT],
      ['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }],
      { event: 'page_error', page_path: '/c/akcesoria' },
    ]);
  });

  test('marketing alone grants the three ad signals, not analytics', () => {
    const target: { dataLayer?: unknown[] } = {};
    new TagManager(target as never).setConsent({ analytics: false, marketing: true });
    expect(entries(target)[1]).toEqual([
      'consent',
      'update',
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'denied' },
    ]);
  });

  test('a page view names the path, route and remote', () => {
    expect(pageView({ path: '/c/akcesoria', search: '?sort=price', name: 'category', remote: 'catalog' }, 'Akcesoria - Sklep')).toEqual({
      event: 'page_view',
      page_path: '/c/akcesoria?sort=price',
      page_title: 'Akcesoria - Sklep',
      route_name: 'category',
      remote: 'catalog',
    });
  });
});

test.each<[string, string, number | null]>([
  ['checkout', '', 2],
  ['checkout', '#shipping', 3],
  ['checkout', '#payment', 4],
  ['checkout', '#orderReview', 5],
  ['en-checkout', '#payment', 4],
  ['checkout', '#nonsense', null],
  ['thank-you-page', '', null],
  ['home', '#shipping', null],
])('checkout tracking: route %s with hash %j → step %s (spec §9)', (name, hash, step) => {
  expect(checkoutStepOf({ name, hash })).toBe(step);
});

test('a checkout step event in the enhanced-ecommerce shape tag managers read', () => {
  expect(checkoutStep(1)).toEqual({ event: 'checkout', ecommerce: { checkout: { actionField: { step: 1 } } } });
});
