import { project } from './project';

const doc = {
  sku: 'A', name: 'Grzejnik', stock: { qty: 3, is_in_stock: true },
  configurable_children: [{ sku: 'A-1', color: 104, price: 10 }, { sku: 'A-2', color: 105, price: 12 }],
};

describe('field selection', () => {
  test.each([
    [['sku'], null, { sku: 'A' }],
    [['sku', 'stock.qty'], null, { sku: 'A', stock: { qty: 3 } }],
    [['configurable_children.sku'], null, { configurable_children: [{ sku: 'A-1' }, { sku: 'A-2' }] }],
    [['configurable_children.sku', 'configurable_children.color'], null, { configurable_children: [{ sku: 'A-1', color: 104 }, { sku: 'A-2', color: 105 }] }],
    [['missing'], null, {}],
    [null, ['configurable_children', 'stock.qty', 'name'], { sku: 'A', stock: { is_in_stock: true } }],
    [['sku', 'configurable_children'], ['configurable_children.price'], { sku: 'A', configurable_children: [{ sku: 'A-1', color: 104 }, { sku: 'A-2', color: 105 }] }],
  ])('include %j exclude %j', (include, exclude, expected) => {
    expect(project(doc, include, exclude)).toEqual(expected);
  });

  test('the source is not changed', () => {
    project(doc, null, ['stock.qty']);
    expect(doc.stock.qty).toBe(3);
  });
});
