import { ApiFailure } from '@kaloryfer/ui';
import { messageOf } from './server-message';

test.each<[string, unknown, boolean, ReturnType<typeof messageOf>]>([
  [
    'a filled-in stock limit goes back to its key',
    new ApiFailure(400, 'Only 3 products of this type are available'),
    true,
    { message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity: 3 } },
  ],
  [
    'a spec message stays',
    new ApiFailure(400, 'The product is out of stock and cannot be added to the cart!'),
    true,
    { message: 'The product is out of stock and cannot be added to the cart!' },
  ],
  [
    'another 4xx text is shown as the server wrote it',
    new ApiFailure(409, 'This configuration is already item 4 of the cart; change that one'),
    true,
    { message: 'This configuration is already item 4 of the cart; change that one' },
  ],
  ['a server fault is not shown raw', new ApiFailure(500, 'Internal Server Error'), true, { message: 'Something went wrong' }],
  ['a network failure online', new TypeError('Failed to fetch'), true, { message: 'Something went wrong' }],
  ['a network failure offline', new TypeError('Failed to fetch'), false, { message: 'You are offline' }],
])('%s', (_name, error, online, expected) => {
  expect(messageOf(error, online)).toEqual(expected);
});
