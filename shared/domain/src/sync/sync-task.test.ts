import { SPEC_MESSAGES } from '@kaloryfer/i18n/spec-messages';
import {
  afterTransmission,
  BAD_CONTENT_TYPE,
  confirmTask,
  createSyncTask,
  isAwaitingConfirmation,
  fillPlaceholders,
  isExecutable,
  jsonString,
  KEPT_RESULTS_MAX,
  keptResultsToPrune,
  QUEUE_ATTEMPTS,
  readTaskResponse,
  shouldNotifyError,
  taskErrorText,
  WRONG_RESPONSE_FORMAT,
  type SyncTask,
} from './sync-task';

const task = (overrides: Partial<SyncTask> = {}): SyncTask => ({
  ...createSyncTask({ task_id: 't1', url: '/api/user/me?token={{token}}', payload: { method: 'POST', body: '{}' } }, 1000),
  ...overrides,
});

test('the spec messages are quoted exactly (spec §8) and the queue tries once per sync (spec §9)', () => {
  expect(SPEC_MESSAGES).toContain(BAD_CONTENT_TYPE);
  expect(SPEC_MESSAGES).toContain(WRONG_RESPONSE_FORMAT);
  expect(BAD_CONTENT_TYPE).toBe('Error with response - bad content-type!');
  expect(WRONG_RESPONSE_FORMAT).toBe('Unhandled error, wrong response format!');
  expect(QUEUE_ATTEMPTS).toBe(1);
});

test('a new task is created, not transmitted, with the spec §3 fields', () => {
  expect(
    createSyncTask(
      {
        task_id: 'a',
        url: '/u',
        payload: { method: 'GET' },
        callback_event: 'account:me-saved',
        is_result_cacheable: true,
        meta: { why: 'x' },
      },
      5,
    ),
  ).toEqual({
    task_id: 'a',
    url: '/u',
    payload: { method: 'GET' },
    transmited: false,
    transmited_at: null,
    created_at: 5,
    updated_at: 5,
    result: null,
    resultCode: null,
    code: null,
    meta: { why: 'x' },
    callback_event: 'account:me-saved',
    is_result_cacheable: true,
    acknowledged: false,
  });
  expect(createSyncTask({ task_id: 'b', url: '/u', payload: { method: 'GET' }, silent: true }, 5).silent).toBe(true);
});

test.each([
  ['/api/user/me?token={{token}}', { token: 'abc', cartId: null }, '/api/user/me?token=abc'],
  ['/api/user/me?token={{token}}', { token: null, cartId: null }, '/api/user/me?token='],
  ['/api/user/me?token={{token}}', { token: '', cartId: 'c1' }, '/api/user/me?token='],
  ['/api/cart/pull?token={{token}}&cartId={{cartId}}', { token: 't', cartId: 'c1' }, '/api/cart/pull?token=t&cartId=c1'],
  ['/api/cart/pull?cartId={{cartId}}', { token: null, cartId: null }, '/api/cart/pull?cartId='],
  ['/a?x={{token}}&y={{token}}', { token: 'a b&c', cartId: null }, '/a?x=a%20b%26c&y=a%20b%26c'],
  ['/api/stock/check?sku=X', { token: 't', cartId: 'c' }, '/api/stock/check?sku=X'],
])('fillPlaceholders(%j, %j) → %j', (url, values, expected) => {
  expect(fillPlaceholders(url, values)).toBe(expected);
});

test('a JSON body gets its placeholders escaped for a JSON string', () => {
  const body = fillPlaceholders('{"cartId":"{{cartId}}"}', { token: null, cartId: 'a"b' }, jsonString);
  expect(JSON.parse(body)).toEqual({ cartId: 'a"b' });
});

test.each([
  ['no placeholder, no cart', '/api/user/me?token={{token}}', '{}', null, true],
  ['cartId in the URL, no cart', '/api/cart/totals?cartId={{cartId}}', undefined, null, false],
  ['cartId in the URL, empty cart id', '/api/cart/totals?cartId={{cartId}}', undefined, '', false],
  ['cartId in the URL, a cart', '/api/cart/totals?cartId={{cartId}}', undefined, 'c1', true],
  ['cartId in the body, no cart', '/api/cart/update', '{"cartId":"{{cartId}}"}', null, false],
  ['cartId in the body, a cart', '/api/cart/update', '{"cartId":"{{cartId}}"}', 'c1', true],
])('isExecutable: %s', (_name, url, body, cartId, expected) => {
  expect(isExecutable({ url, payload: { method: 'POST', body } }, { cartId })).toBe(expected);
});

test('an offline order waits for its confirmation (spec §4 "Connectivity"), then goes like any task', () => {
  const order = createSyncTask(
    { task_id: 'order-1', url: '/api/order?token={{token}}', payload: { method: 'POST', body: '{}' }, awaits_confirmation: true },
    1000,
  );
  expect(order.awaits_confirmation).toBe(true);
  expect(isAwaitingConfirmation(order)).toBe(true);
  expect(isExecutable(order, { cartId: 'c1' })).toBe(false);
  const confirmed = confirmTask(order, 2000);
  expect(confirmed).not.toHaveProperty('awaits_confirmation');
  expect(confirmed.updated_at).toBe(2000);
  expect(isAwaitingConfirmation(confirmed)).toBe(false);
  expect(isExecutable(confirmed, { cartId: null })).toBe(true);
  // A task not marked is never held, and a transmitted one is not "waiting".
  expect(task().awaits_confirmation).toBeUndefined();
  expect(isAwaitingConfirmation({ transmited: true, awaits_confirmation: true })).toBe(false);
});

test.each([
  [
    'JSON envelope',
    'application/json; charset=utf-8',
    '{"code":200,"result":{"id":1},"meta":{"refreshToken":"r"}}',
    { ok: true, code: 200, result: { id: 1 }, meta: { refreshToken: 'r' } },
  ],
  [
    'error envelope with a string result',
    'application/json',
    '{"code":500,"result":"Internal Server Error 500"}',
    { ok: true, code: 500, result: 'Internal Server Error 500', meta: null },
  ],
  ['code as a string', 'application/json', '{"code":"404","result":"x"}', { ok: true, code: 404, result: 'x', meta: null }],
  ['no result', 'application/json', '{"code":200}', { ok: true, code: 200, result: null, meta: null }],
  ['HTML error page', 'text/html', '<h1>Bad gateway</h1>', { ok: false, error: 'Error with response - bad content-type!' }],
  ['no content type', null, '{"code":200,"result":1}', { ok: false, error: 'Error with response - bad content-type!' }],
  ['no body', 'application/json', '', { ok: false, error: 'Unhandled error, wrong response format!' }],
  ['JSON null', 'application/json', 'null', { ok: false, error: 'Unhandled error, wrong response format!' }],
  ['body that does not parse', 'application/json', '{"code":', { ok: false, error: 'Unhandled error, wrong response format!' }],
  ['JSON without a code', 'application/json', '{"result":"x"}', { ok: false, error: 'Unhandled error, wrong response format!' }],
  ['a JSON array', 'application/json', '[1]', { ok: false, error: 'Unhandled error, wrong response format!' }],
])('readTaskResponse: %s', (_name, contentType, body, expected) => {
  expect(readTaskResponse(contentType, body)).toEqual(expected);
});

test.each([
  ['a string result', 'Something went wrong', 'Something went wrong'],
  ['result.result', { result: 'Cart not found', code: 404 }, 'Cart not found'],
  ['result.message', { message: 'Bad request', code: 400 }, 'Bad request'],
  ['an object without words', { id: 1 }, ''],
  ['null', null, ''],
])('taskErrorText: %s', (_name, result, expected) => {
  expect(taskErrorText(result)).toBe(expected);
});

test.each([
  ['200 never', {}, 200, 'whatever', false],
  ['non-200 with a string result', {}, 500, 'Internal Server Error 500', true],
  ['non-200 with result.message', {}, 400, { message: 'Bad request' }, true],
  ['non-200 but the task is silent', { silent: true }, 500, 'Internal Server Error 500', false],
  ['non-200 with empty error text', {}, 500, '', false],
  ['non-200 with a result without words', {}, 500, { id: 1 }, false],
  ['non-200 with code ENOTFOUND', {}, 500, { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND api' }, false],
])('shouldNotifyError: %s', (_name, flags, code, result, expected) => {
  expect(shouldNotifyError(flags, { code, result })).toBe(expected);
});

test.each([
  ['not cacheable: removed', false, false],
  ['cacheable: stays', true, true],
])('afterTransmission, %s', (_name, cacheable, keep) => {
  const queued = task({ is_result_cacheable: cacheable, meta: { mine: 1 } });
  const settled = afterTransmission(queued, { ok: true, code: 200, result: { ok: 1 }, meta: null }, 9000);
  expect(settled).toEqual({
    keep,
    task: {
      ...queued,
      transmited: true,
      transmited_at: 9000,
      updated_at: 9000,
      result: { ok: 1 },
      resultCode: 200,
      code: 200,
      meta: { mine: 1 },
      acknowledged: false,
    },
  });
  expect(afterTransmission(queued, { ok: true, code: 500, result: 'x', meta: { from: 'server' } }, 9000).task.meta).toEqual({ from: 'server' });
});

describe('kept results are pruned (docs/offline.md)', () => {
  const DAY = 24 * 3600_000;
  const now = 100 * DAY;
  const kept = (id: string, daysAgo: number) => ({
    ...createSyncTask({ task_id: id, url: '/api/order', payload: { method: 'POST' }, is_result_cacheable: true }, now - daysAgo * DAY),
    transmited: true,
    transmited_at: now - daysAgo * DAY,
  });
  test.each([
    ['a result of yesterday stays', [kept('a', 1)], []],
    ['one of 31 days ago goes', [kept('a', 31), kept('b', 29)], ['a']],
    ['a pending task is never pruned, however old', [{ ...kept('p', 90), transmited: false, transmited_at: null }], []],
    ['a transmitted task that is not cacheable is not a kept result (the queue removes those itself)', [{ ...kept('n', 90), is_result_cacheable: false }], []],
  ])('%s', (_name, tasks, pruned) => {
    expect(keptResultsToPrune(tasks, now)).toEqual(pruned);
  });

  test(`beyond the ${KEPT_RESULTS_MAX} newest, the older ones go`, () => {
    const tasks = Array.from({ length: KEPT_RESULTS_MAX + 3 }, (_, index) => kept(`t${index}`, index / 10));
    expect(keptResultsToPrune(tasks, now)).toEqual([`t${KEPT_RESULTS_MAX}`, `t${KEPT_RESULTS_MAX + 1}`, `t${KEPT_RESULTS_MAX + 2}`]);
  });
});
