import { BEACONS_PER_PAGE, BeaconLedger, visitorOf, type LedgerEntry } from './beacon-ledger';

/** The ledger under a clock the test moves: what counts of each beacon (docs/releasing.md, "Signals"). */
function ledgerAt(start = '2026-12-02T12:00:00Z', viewsPerVisitor = 5) {
  const clock = { now: new Date(start) };
  return { ledger: new BeaconLedger(() => clock.now, viewsPerVisitor), clock };
}
let pages = 0;
const page = (overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  nonce: `page-${(pages += 1)}`,
  expiresAt: Date.parse('2026-12-02T13:00:00Z'),
  build: 'a'.repeat(64),
  address: '203.0.113.1',
  pageView: true,
  failed: false,
  fellBack: false,
  ...overrides,
});

test('a page view: counted, a new visitor', () => {
  const { ledger } = ledgerAt();
  expect(ledger.admit(page())).toEqual({ counts: true, pageView: true, failingView: false, fallbackView: false, newVisitor: true, newFailingVisitor: false });
  expect(ledger.admit(page())).toMatchObject({ counts: true, pageView: true, newVisitor: false });
});

test(`a page's beacons: its view, failure and fallback count once; beyond ${BEACONS_PER_PAGE} beacons nothing is read`, () => {
  const { ledger } = ledgerAt();
  const first = page({ failed: true });
  expect(ledger.admit(first)).toMatchObject({ counts: true, pageView: true, failingView: true, newFailingVisitor: true });
  // Hidden and shown again: the same page says more — a fallback now, its view and failure not again.
  expect(ledger.admit({ ...first, fellBack: true })).toEqual({
    counts: true,
    pageView: false,
    failingView: false,
    fallbackView: true,
    newVisitor: false,
    newFailingVisitor: false,
  });
  expect(ledger.admit(first)).toMatchObject({ counts: true, pageView: false, failingView: false, fallbackView: false });
  expect(ledger.admit(first).counts).toBe(false); // the fourth
  expect(ledger.admit({ ...first, address: '198.51.100.9' }).counts).toBe(false); // replayed from elsewhere: still that page
});

test('the same page counts separately for each of its builds', () => {
  const { ledger } = ledgerAt();
  const entry = page({ pageView: false, failed: true });
  expect(ledger.admit(entry)).toMatchObject({ counts: true, failingView: true });
  expect(ledger.admit({ ...entry, build: 'b'.repeat(64) })).toMatchObject({ counts: true, failingView: true, newFailingVisitor: true });
});

test.each([
  [1, 1],
  [5, 5],
  [20, 5],
])('one visitor sending %i pages of a build within the hour counts for %i', (sent, counted) => {
  const { ledger } = ledgerAt();
  const verdicts = Array.from({ length: sent }, () => ledger.admit(page({ failed: true })));
  expect(verdicts.filter((verdict) => verdict.pageView).length).toBe(counted);
  expect(verdicts.filter((verdict) => verdict.failingView).length).toBe(counted);
  expect(verdicts.filter((verdict) => verdict.newVisitor).length).toBe(1);
  expect(verdicts.filter((verdict) => verdict.newFailingVisitor).length).toBe(1);
});

test("a page over its visitor's share counts for nothing, even what it says later", () => {
  const { ledger } = ledgerAt('2026-12-02T12:00:00Z', 1);
  ledger.admit(page());
  const over = page();
  expect(ledger.admit(over).counts).toBe(false);
  expect(ledger.admit({ ...over, pageView: false, failed: true }).counts).toBe(false);
});

test('visitors are told apart by address, per build; a new hour forgets them', () => {
  const { ledger, clock } = ledgerAt('2026-12-02T12:59:00Z', 2);
  for (const address of ['203.0.113.1', '203.0.113.2', '2001:db8::1'])
    expect(ledger.admit(page({ address, failed: true }))).toMatchObject({ newVisitor: true, newFailingVisitor: true });
  expect(ledger.admit(page({ build: 'b'.repeat(64) }))).toMatchObject({ newVisitor: true }); // another build: anew
  ledger.admit(page());
  expect(ledger.admit(page()).counts).toBe(false); // the third view this hour
  clock.now = new Date('2026-12-02T13:00:00Z');
  expect(ledger.admit(page({ expiresAt: Date.parse('2026-12-02T14:00:00Z') }))).toMatchObject({ counts: true, pageView: true, newVisitor: true });
});

test('pages whose token expired are forgotten: memory stays bounded by live pages', () => {
  const { ledger, clock } = ledgerAt();
  const old = page({ expiresAt: Date.parse('2026-12-02T12:30:00Z'), pageView: false, failed: true });
  for (let i = 0; i < BEACONS_PER_PAGE; i += 1) ledger.admit(old);
  expect(ledger.admit(old).counts).toBe(false);
  clock.now = new Date('2026-12-02T12:40:00Z');
  // Expired pages are never admitted again by the route (their token no longer reads): the ledger may forget them.
  ledger.admit(page({ expiresAt: Date.parse('2026-12-02T13:30:00Z') }));
  expect((ledger as unknown as { pages: Map<string, unknown> }).pages.has(`${old.nonce} ${old.build}`)).toBe(false);
});

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
  ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
  ['2001:0db8:0001:0002::ffff', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
])('the visitor behind %s is %s', (address, visitor) => {
  expect(visitorOf(address)).toBe(visitor);
});

test('one IPv6 /64 is one visitor, whichever of its addresses a page comes from', () => {
  const { ledger } = ledgerAt();
  const verdicts = Array.from({ length: 12 }, (_, i) => ledger.admit(page({ address: `2001:db8:1:2::${i + 1}`, failed: true })));
  expect(verdicts.filter((verdict) => verdict.pageView).length).toBe(5);
  expect(verdicts.filter((verdict) => verdict.newFailingVisitor).length).toBe(1);
  expect(ledger.admit(page({ address: '2001:db8:1:3::1' }))).toMatchObject({ newVisitor: true }); // the next /64: another
});
