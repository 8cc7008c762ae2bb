import { imageUrl } from './image-url';

test.each([
  ['/product/ladder-500x1200-f4f4f0.svg', 150, '/img/150/150/resize/product/ladder-500x1200-f4f4f0.svg'],
  ['product/ladder-500x1200-f4f4f0.svg', 1920, '/img/1920/1920/resize/product/ladder-500x1200-f4f4f0.svg'],
  ['', 500, null],
  [null, 255, null],
] as const)('%p at %i → %p', (image, size, url) => {
  expect(imageUrl(image, size)).toBe(url);
});
