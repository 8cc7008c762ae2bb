import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GroupTokens, loadTokenSecret } from './group-token';

const tokens = new GroupTokens(Buffer.from('test secret'));

describe('group tokens', () => {
  test('a signed token reads back as its group', () => {
    expect(tokens.read(tokens.sign(2))).toBe(2);
    expect(tokens.read(tokens.sign(0))).toBe(0);
  });

  test.each([
    ['another secret', new GroupTokens(Buffer.from('other')).sign(2)],
    ['a changed group', `${Buffer.from('{"g":1}').toString('base64url')}.${tokens.sign(2).split('.')[1]}`],
    ['no signature', Buffer.from('{"g":2}').toString('base64url')],
    ['three parts', `${tokens.sign(2)}.x`],
    [
      'a signed payload that names no group',
      (() => {
        const payload = Buffer.from('{"g":"2"}').toString('base64url');
        return `${payload}.${createHmac('sha256', 'test secret').update(payload).digest('base64url')}`;
      })(),
    ],
    ['empty', ''],
  ])('refuses %s', (_name, token) => {
    expect(tokens.read(token)).toBeNull();
  });

  test('the secret is generated once and kept in VAR_DIR; TOKEN_SECRET wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-secret-'));
    try {
      const first = loadTokenSecret(undefined, dir);
      expect(first).toHaveLength(32);
      expect(loadTokenSecret(undefined, dir).equals(first)).toBe(true);
      expect(loadTokenSecret('configured', dir).toString()).toBe('configured');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
