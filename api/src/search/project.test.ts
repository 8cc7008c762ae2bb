import { project } from './project';

const doc = {
  sku: 'A',
  name: 'Grzejnik',
  stock: { qty: 3, is_in_stock: true },
  configurable_children: [
    { sku: 'A-1', color: 104, price: 10 },
    { sku: 'A-2', color: 105, price: 12 },
  ],
};

describe('field selection', () => {
  test.each([
    [['sku'], null, { sku: 'A' }],
    [['sku', 'stock.qty'], null, { sku: 'A', stock: { qty: 3 } }],
    [['configurable_children.sku'], null, { configurable_children: [{ sku: 'A-1' }, { sku: 'A-2' }] }],
    [
      ['configurable_children.sku', 'configurable_children.color'],
      null,
      {
        configurable_children: [
          { sku: 'A-1', color: 104 },
          { sku: 'A-2', color: 105 },
        ],
      },
    ],
    [['missing'], null, {}],
    [null, ['configurable_children', 'stock.qty', 'name'], { sku: 'A', stock: { is_in_stock: true } }],
    [
      ['sku', 'configurable_children'],
      ['configurable_children.price'],
      {
        sku: 'A',
        configurable_children: [
          { sku: 'A-1', color: 104 },
          { sku: 'A-2', color: 105 },
        ],
      },
    ],
  ])('include %j exclude %j', (include, exclude, expected) => {
    expect(project(doc, include, exclude)).toEqual(expected);
  });

  test('the source is not changed', () => {
    project(doc, null, ['stock.qty']);
    expect(doc.stock.qty).toBe(3);
  });
});

describe('Elasticsearch patterns in field selection (VSF default config)', () => {
  const product = {
    id: 1,
    sku: 'A',
    image: '/a.svg',
    small_image: '/s.svg',
    sgn: 'x',
    msrp_display_actual_price_type: 0,
    stock: { qty: 3, stock_id: 1 },
    configurable_children: [{ sku: 'A-1', image: '/a1.svg', sgn: 'y', msrp_display_actual_price_type: 0 }],
  };
  const category = { id: 2, name: 'Grzejniki', children_data: [{ id: 6, name: 'Łazienkowe', children_data: [{ id: 7, name: 'Drabinkowe' }] }] };

  test.each<[string, unknown, string[] | null, string[] | null, unknown]>([
    [
      '*image keeps every image field, nested too',
      product,
      ['sku', '*image'],
      null,
      { sku: 'A', image: '/a.svg', small_image: '/s.svg', configurable_children: [{ image: '/a1.svg' }] },
    ],
    ['*sku keeps sku and the variants’ sku', product, ['*sku'], null, { sku: 'A', configurable_children: [{ sku: 'A-1' }] }],
    [
      '*.sgn and *.msrp_display_actual_price_type drop nested ones',
      product,
      null,
      ['sgn', '*.sgn', 'msrp_display_actual_price_type', '*.msrp_display_actual_price_type', 'stock.stock_id'],
      { id: 1, sku: 'A', image: '/a.svg', small_image: '/s.svg', stock: { qty: 3 }, configurable_children: [{ sku: 'A-1', image: '/a1.svg' }] },
    ],
    [
      '*.children_data.id keeps nested ids (the category tree)',
      category,
      ['id', 'name', '*.children_data.id', '*.id'],
      null,
      { id: 2, name: 'Grzejniki', children_data: [{ id: 6, children_data: [{ id: 7 }] }] },
    ],
    ['* excludes everything (facets only)', product, null, ['*'], {}],
    ['a pattern matching nothing selects nothing', product, ['*unknown_field'], null, {}],
  ])('%s', (_name, source, include, exclude, expected) => {
    expect(project(source, include, exclude)).toEqual(expected);
  });
});
