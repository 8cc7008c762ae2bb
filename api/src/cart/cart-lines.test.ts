import { MAX_LINE_QTY } from '@kaloryfer/domain';
import { quantityProblem } from './cart-lines';

test.each<[unknown, string | null]>([
  [1, null],
  [MAX_LINE_QTY, null],
  [MAX_LINE_QTY + 1, 'Only 999 products of this type are available'],
  [0, 'Quantity must be above 0'],
  [-1, 'Quantity must be above 0'],
  [2.5, 'Quantity must be positive integer'],
  ['3', 'Quantity must be positive integer'],
  [Number.NaN, 'Quantity must be positive integer'],
  [Number.POSITIVE_INFINITY, 'Quantity must be positive integer'],
  [null, 'Quantity must be positive integer'],
  [undefined, 'Quantity must be positive integer'],
])('quantity %p → %p', (qty, problem) => {
  expect(quantityProblem(qty)).toBe(problem);
});
