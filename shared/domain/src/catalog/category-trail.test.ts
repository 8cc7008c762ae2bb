import type { Category } from '@kaloryfer/api-contract';
import { categoryTrail } from './category-trail';

const category = (id: number, parentId: number, level: number) => ({ id, parent_id: parentId, level, name: `c${id}` }) as Category;
const TREE = [category(1, 0, 0), category(2, 1, 1), category(6, 2, 2), category(7, 6, 3), category(30, 7, 4), category(40, 41, 3), category(41, 40, 2)];

test.each([
  [30, [6, 7, 30]],
  [6, [6]],
  [2, []], // the root itself has no crumbs
  [40, [41, 40]], // a cycle in the data ends the trail
])('category %i → trail %j', (id, ids) => {
  expect(
    categoryTrail(
      TREE,
      TREE.find((item) => item.id === id)!,
    ).map((item) => item.id),
  ).toEqual(ids);
});
