import type { FastifyRequest } from 'fastify';
import { callerToken } from './caller-token';

const request = (query: Record<string, unknown>, authorization?: string) =>
  ({ query, headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;

test.each([
  ['?token=abc', request({ token: 'abc' }), 'abc'],
  ['Bearer abc', request({}, 'Bearer abc'), 'abc'],
  ['the query before the header', request({ token: 'abc' }, 'Bearer xyz'), 'abc'],
  ['a guest: ?token= empty (VSF)', request({ token: '' }), undefined],
  ['an empty token falls back to the header', request({ token: '' }, 'Bearer xyz'), 'xyz'],
  ['Bearer null (VSF tokenInHeader after logout)', request({}, 'Bearer null'), undefined],
  ['Bearer undefined', request({}, 'Bearer undefined'), undefined],
  ["?token={{token}} (VSF's offline order queue: the template unfilled)", request({ token: '{{token}}' }), undefined],
  ['a header that is not Bearer', request({}, 'Basic abc'), undefined],
  ['nothing', request({}), undefined],
])('callerToken: %s', (_name, given, expected) => {
  expect(callerToken(given)).toBe(expected);
});
