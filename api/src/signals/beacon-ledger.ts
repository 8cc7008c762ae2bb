import { createHmac, randomBytes } from 'node:crypto';
import { VIEWS_PER_VISITOR } from '../config';

/**
 * What one instance remembers of the beacons it took, in memory only (docs/releasing.md,
 * "Signals: what a visitor can and cannot influence"), so that no visitor alone moves a build's
 * figures:
 * - **a page counts once per build**: its page-view token's nonce and the build — one page view,
 *   one failing view however many errors it threw, one fallback view; at most
 *   `BEACONS_PER_PAGE` beacons of a page are looked at (a page hidden and shown again sends what is new);
 * - **a visitor counts a few times per build and hour**: `VIEWS_PER_VISITOR` (5; SIGNALS_VIEWS_PER_VISITOR) page views of a build
 *   per visitor (their address, hashed with a salt drawn each hour and never stored) — beyond, the
 *   beacons are taken and not counted;
 * - **distinct visitors**, per build, per hour: each minute's new viewing and new failing
 *   visitors are counted (`mfe_signal.visitors`, `failing_visitors`), so a canary is judged only
 *   with enough of them and rolled back on browser evidence only when enough of them failed.
 * Nothing here identifies anyone: a salted hash of the hour, gone with the hour.
 */
export const BEACONS_PER_PAGE = 3;
/** Beyond this many pages or visitors in memory, nothing more is counted until the window turns (a flood). */
const MAX_ENTRIES = 500_000;
const HOUR_MS = 3_600_000;
const PRUNE_MS = 10 * 60_000;

export interface LedgerEntry {
  /** The page's nonce (its page-view token) and when the token expires. */
  nonce: string;
  expiresAt: number;
  build: string;
  /** The sender's address. */
  address: string;
  pageView: boolean;
  failed: boolean;
  fellBack: boolean;
}

export interface LedgerVerdict {
  /** False: taken, not counted (a replay, a page's fourth beacon, a visitor over their share). */
  counts: boolean;
  /** This beacon's page view is counted (the page's first for this build). */
  pageView: boolean;
  /** The page's first failure (error or mount failure) for this build: one failing view. */
  failingView: boolean;
  /** The page's first fallback for this build: one fallback view. */
  fallbackView: boolean;
  /** The visitor's first page view of this build this hour, and their first failing one. */
  newVisitor: boolean;
  newFailingVisitor: boolean;
}

interface Page {
  beacons: number;
  counted: boolean;
  viewed: boolean;
  failed: boolean;
  fellBack: boolean;
  expiresAt: number;
}

interface Visitor {
  views: number;
  failed: boolean;
}

const NOT_COUNTED: LedgerVerdict = { counts: false, pageView: false, failingView: false, fallbackView: false, newVisitor: false, newFailingVisitor: false };

/**
 * Who a visitor is, as far as an address tells: an IPv4 address, or an IPv6 address's /64 — one
 * household or phone holds a whole /64 and could otherwise be as many visitors as it likes.
 */
export function visitorOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export class BeaconLedger {
  private readonly pages = new Map<string, Page>();
  private visitors = new Map<string, Visitor>();
  private hour = -1;
  private pruned = 0;
  private salt = randomBytes(16);

  constructor(
    private readonly clock: () => Date = () => new Date(),
    /** Page views of one build a visitor counts for per hour. */
    private readonly viewsPerVisitor = VIEWS_PER_VISITOR,
  ) {}

  admit(entry: LedgerEntry): LedgerVerdict {
    const now = this.clock().getTime();
    this.turn(now);
    const pageKey = `${entry.nonce} ${entry.build}`;
    let page = this.pages.get(pageKey);
    if (!page) {
      if (this.pages.size >= MAX_ENTRIES) return NOT_COUNTED;
      page = { beacons: 0, counted: true, viewed: false, failed: false, fellBack: false, expiresAt: entry.expiresAt };
      this.pages.set(pageKey, page);
    }
    page.beacons += 1;
    if (page.beacons > BEACONS_PER_PAGE || !page.counted) return NOT_COUNTED;
    const visitorKey = `${entry.build} ${createHmac('sha256', this.salt).update(visitorOf(entry.address)).digest('base64url').slice(0, 16)}`;
    let visitor = this.visitors.get(visitorKey);
    if (!visitor) {
      if (this.visitors.size >= MAX_ENTRIES) return NOT_COUNTED;
      visitor = { views: 0, failed: false };
      this.visitors.set(visitorKey, visitor);
    }
    const pageView = entry.pageView && !page.viewed;
    const newVisitor = pageView && visitor.views === 0;
    if (pageView) {
      if (visitor.views >= this.viewsPerVisitor) {
        page.counted = false; // this page is over the visitor's share: none of it counts
        return NOT_COUNTED;
      }
      visitor.views += 1;
      page.viewed = true;
    }
    const failingView = entry.failed && !page.failed;
    if (failingView) page.failed = true;
    const fallbackView = entry.fellBack && !page.fellBack;
    if (fallbackView) page.fellBack = true;
    const newFailingVisitor = failingView && !visitor.failed;
    if (newFailingVisitor) visitor.failed = true;
    return { counts: true, pageView, failingView, fallbackView, newVisitor, newFailingVisitor };
  }

  /** A new hour: a new salt, no visitor remembered. Every ten minutes, pages whose token expired go. */
  private turn(now: number): void {
    const hour = Math.floor(now / HOUR_MS);
    if (hour !== this.hour) {
      this.hour = hour;
      this.salt = randomBytes(16);
      this.visitors = new Map();
    }
    if (now - this.pruned >= PRUNE_MS) {
      this.pruned = now;
      for (const [key, page] of this.pages) if (page.expiresAt < now) this.pages.delete(key);
    }
  }
}
