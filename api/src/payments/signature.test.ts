import { sign, signatureHeader, verifySignatureHeader } from './signature';

const key = Buffer.from('second-key');
const body = '{"order":{"orderId":"SBX1","status":"COMPLETED"}}';

test.each<[string, string | undefined, string, boolean]>([
  ['the header the sandbox sends', signatureHeader(body, key, 'sandbox'), body, true],
  ['upper-case hex and spaces', `sender=x; signature=${sign(body, key).toUpperCase()} ; algorithm=SHA-256`, body, true],
  ['a changed body', signatureHeader(body, key, 'sandbox'), body.replace('COMPLETED', 'CANCELED'), false],
  ['another key', signatureHeader(body, Buffer.from('other'), 'sandbox'), body, false],
  ['no header', undefined, body, false],
  ['another algorithm', `sender=x;signature=${sign(body, key)};algorithm=MD5`, body, false],
  ['a short signature', 'sender=x;signature=abcd;algorithm=SHA-256', body, false],
  ['garbage', 'not a header', body, false],
])('%s → %s', (_label, header, received, valid) => {
  expect(verifySignatureHeader(header, received, key)).toBe(valid);
});
