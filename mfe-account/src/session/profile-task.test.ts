import { claimWriter } from '@kaloryfer/contracts';
import { REFRESH_REFUSED } from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';
import { isOffline, newTaskId, profileTaskOutcome } from './profile-task';

const settled = (code: number | null, result: unknown, extra: { transmitted?: boolean; error?: string } = {}) => ({
  task_id: 't1',
  callback_event: 'user:profile-saved',
  code,
  resultCode: code,
  result,
  meta: null,
  transmitted: extra.transmitted ?? true,
  ...(extra.error ? { error: extra.error } : {}),
});

test('a task id is a UUID where the browser has randomUUID, else 32 random hex digits', () => {
  expect(newTaskId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const randomUUID = Object.getOwnPropertyDescriptor(globalThis.crypto, 'randomUUID');
  Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
  try {
    const first = newTaskId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newTaskId()).not.toBe(first);
  } finally {
    if (randomUUID) Object.defineProperty(globalThis.crypto, 'randomUUID', randomUUID);
    else delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
  }
});

test("offline is the shell's $connectivity or the browser's navigator.onLine", () => {
  const connectivity = claimWriter('connectivity', 'shell');
  const onLine = jest.spyOn(navigator, 'onLine', 'get');
  try {
    expect(isOffline()).toBe(false);
    connectivity.set({ online: false });
    expect(isOffline()).toBe(true);
    connectivity.set({ online: true });
    onLine.mockReturnValue(false);
    expect(isOffline()).toBe(true);
  } finally {
    connectivity.set({ online: true });
    onLine.mockRestore();
  }
});

test("what a settled profile task means: saved, the server's refusal as apiJson had it, 401 as a failed refresh, a refused answer", () => {
  expect(profileTaskOutcome(settled(200, { id: 7 }))).toEqual({ kind: 'saved', customer: { id: 7 } });

  const taken = profileTaskOutcome(settled(400, 'A customer with the same email address already exists'));
  expect(taken.kind).toBe('failed');
  expect(taken.kind === 'failed' && taken.error).toBeInstanceOf(ApiFailure);
  expect(taken.kind === 'failed' && [taken.error.status, taken.error.message]).toEqual([400, 'A customer with the same email address already exists']);

  const expired = profileTaskOutcome(settled(401, 'Unexpected authorization error'));
  expect(expired.kind === 'failed' && [expired.error.status, expired.error.message]).toEqual([401, REFRESH_REFUSED]);

  const down = profileTaskOutcome(settled(500, { message: 'boom' }));
  expect(down.kind === 'failed' && down.error.status).toBe(500);

  const refused = profileTaskOutcome(settled(null, null, { transmitted: false, error: 'Unhandled error, wrong response format!' }));
  expect(refused.kind).toBe('refused');
  expect(refused.kind === 'refused' && refused.error).not.toBeInstanceOf(ApiFailure);
});
