import { randomBytes } from 'node:crypto';
import { ExperimentCookie } from '../../api/public/page-parts';
import { assignmentOnConsent } from './assignment-on-consent';
import type { RegistrySnapshot } from './registry-snapshot';
import { registryFile, snapshotOf } from './testing/registry-fixture';

/**
 * Consent given (or withdrawn) on a page, while the checkout's A/B test runs: the page server
 * puts kf_mfe and kf_ab in line at once (docs/experiments.md, "Consent given on a page").
 */
const experiments = new ExperimentCookie(randomBytes(32));
const ACCEPTED = 'v%3D1%26a%3D1%26m%3D0%26t%3D' + Math.floor(Date.now() / 1000);
const REFUSED = 'v%3D1%26a%3D0%26m%3D0%26t%3D' + Math.floor(Date.now() / 1000);
const decode = (value: string) => decodeURIComponent(value);

let snapshot: RegistrySnapshot;
beforeAll(async () => ({ snapshot } = await snapshotOf(registryFile())));

const pinsCookie = (id: string | null) => experiments.sign({ id, builds: { checkout: { variant: 'b', build: 'f'.repeat(64), version: '1.0.0' } } });

function assign(cookies: Record<string, string>, onSnapshot = snapshot) {
  const parsed = Object.fromEntries(Object.entries(cookies).map(([name, value]) => [name, decode(value)]));
  return assignmentOnConsent({ snapshot: onSnapshot, cookies: parsed, experiments, contractsVersion: '1.0.0', random: () => 0.9, newId: () => 'N'.repeat(22) });
}

const cookieValue = (headers: string[], name: string) => {
  const header = headers.find((line) => line.startsWith(`${name}=`));
  return header ? decode(header.slice(name.length + 1).split(';')[0]) : undefined;
};

test('analytics allowed on a page: the id is drawn into kf_mfe, and kf_ab keeps the pinned build with it', () => {
  const answer = assign({ kf_consent: ACCEPTED, kf_mfe: 'checkout:b', kf_ab: pinsCookie(null) });
  expect(answer?.id).toBe(`s${'N'.repeat(22)}`);
  expect(cookieValue(answer!.setCookies, 'kf_mfe')).toBe(`checkout:b|id:s${'N'.repeat(22)}`);
  // The variant the shopper is on stays: the pinned build of b, now with the id.
  expect(experiments.read(cookieValue(answer!.setCookies, 'kf_ab'))).toEqual({
    id: `s${'N'.repeat(22)}`,
    builds: { checkout: { variant: 'b', build: 'f'.repeat(64), version: '1.0.0' } },
  });
  expect(answer!.setCookies.find((line) => line.startsWith('kf_ab='))).toMatch(/HttpOnly/);
});

test('an id kf_mfe holds already is kept (a second tab, a second click): no shopper counted twice', () => {
  const id = `s${'K'.repeat(22)}`;
  const answer = assign({ kf_consent: ACCEPTED, kf_mfe: `checkout:b|id:${id}`, kf_ab: pinsCookie(null) });
  expect(answer?.id).toBe(id);
  expect(experiments.read(cookieValue(answer!.setCookies, 'kf_ab'))?.id).toBe(id);
});

test('no kf_ab yet (a page from before the test): the pins are drawn as a page would pin them', () => {
  const answer = assign({ kf_consent: ACCEPTED, kf_mfe: 'checkout:a' });
  const pins = experiments.read(cookieValue(answer!.setCookies, 'kf_ab'));
  expect(pins?.id).toMatch(/^s/);
  expect(pins?.builds.checkout.variant).toBe('a');
});

test('analytics refused or withdrawn on a page: the id leaves kf_mfe and kf_ab at once; the variant stays', () => {
  const id = `s${'K'.repeat(22)}`;
  for (const consent of [REFUSED, undefined]) {
    const answer = assign({ ...(consent ? { kf_consent: consent } : {}), kf_mfe: `checkout:b|id:${id}`, kf_ab: pinsCookie(id) });
    expect(answer?.id).toBeNull();
    expect(cookieValue(answer!.setCookies, 'kf_mfe')).toBe('checkout:b');
    expect(experiments.read(cookieValue(answer!.setCookies, 'kf_ab'))).toMatchObject({ id: null, builds: { checkout: { variant: 'b' } } });
  }
});

test('no A/B test runs: nothing to put in line', async () => {
  const { snapshot: single } = await snapshotOf(registryFile({ checkout: registryFile().remotes.catalog }));
  expect(assign({ kf_consent: ACCEPTED, kf_mfe: 'checkout:b' }, single)).toBeNull();
});
