import { servedOverTls } from '@kaloryfer/api-contract';
import { API_CSP_DIRECTIVES, PERMISSIONS_POLICY } from './security-headers';

describe('HSTS only when the browser reached the shop over TLS', () => {
  test.each([
    ['https to this server', 'https', 'http://localhost:3000', true],
    ['TLS ends at the proxy: PUBLIC_URL is https', 'http', 'https://kaloryfer.pl', true],
    ['a local http shop', 'http', 'http://localhost:3000', false],
    ['an http PUBLIC_URL whose host says https', 'http', 'http://https.example', false],
  ])('%s', (_case, protocol, publicOrigin, expected) => {
    expect(servedOverTls(protocol, publicOrigin)).toBe(expected);
  });
});

test('the permissions policy allows the Payment Request API to the shop only, and no sensor, camera, microphone, location or USB', () => {
  const features = Object.fromEntries(PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=')));
  expect(features).toEqual({
    accelerometer: '()',
    camera: '()',
    geolocation: '()',
    gyroscope: '()',
    magnetometer: '()',
    microphone: '()',
    payment: '(self)',
    usb: '()',
  });
});

test('an API answer opened as a document may do nothing and be framed by no one', () => {
  expect(API_CSP_DIRECTIVES).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] });
});
