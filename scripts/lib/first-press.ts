import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './chromium';
import { SLOW_4G } from './repeat-visit';

/**
 * The first press of a header widget on a page (issue #51, docs/performance.md "First press"):
 * a phone under slow 4G and 4× CPU opens the page, and once the route has hydrated the shopper
 * presses the search button, the mini-cart or the account button — as real input through the
 * DevTools protocol (Playwright's own click would run its injected script on the main thread).
 *
 * - `at once`: the press comes with the pointer's arrival, before the widget's code was fetched
 *   (it loads on that intent): the launcher answers at once with its pending state and the
 *   panel opens when the code has come.
 * - `after hover`: the pointer rested on the button until the widget replaced its launcher,
 *   then the press — the widget's own first interaction.
 *
 * Figures: INP (the press's longest event duration as Chromium's Event Timing reports it — the
 * time to the next paint; the shell's replay of a kept press is no shopper's input and is not
 * counted) and the time from the press to the open panel.
 */
export type PressedWidget = 'search' | 'minicart' | 'account';
export type PressTiming = 'at once' | 'after hover';

export interface FirstPress {
  inpMs: number;
  openMs: number;
}

/** Resolves once the route has hydrated (`<html data-route-ready>`). */
const ROUTE_READY = `new Promise((resolve) => {
  const ready = () => document.documentElement.hasAttribute('data-route-ready');
  if (ready()) return resolve(true);
  new MutationObserver((_, observer) => { if (ready()) { observer.disconnect(); resolve(true); } })
    .observe(document.documentElement, { attributes: true });
})`;

/** The panel each press opens: the search field focused, or the mini-cart's or account's dialog. */
const OPENED: Record<PressedWidget, string> = {
  search: `document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'search'`,
  minicart: `!!document.querySelector('[role="dialog"], dialog[open]')`,
  account: `!!document.querySelector('[role="dialog"], dialog[open]')`,
};

/** Resolves with performance.now() once `condition` holds (checked on every DOM change and frame). */
const whenTrue = (condition: string) => `new Promise((resolve) => {
  const check = () => { if (${condition}) { resolve(performance.now()); return true; } return false; };
  if (check()) return;
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('focusin', () => check(), true);
})`;

async function evaluate<T>(cdp: CDPSession, expression: string, timeoutMs: number, what: string): Promise<T> {
  const result = await Promise.race([
    cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs / 1000} s`)), timeoutMs)),
  ]);
  if (result.exceptionDetails) throw new Error(`${what}: ${result.exceptionDetails.text}`);
  return result.result.value as T;
}

const mouse = (cdp: CDPSession, type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', x: number, y: number) =>
  cdp.send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', clickCount: type === 'mouseMoved' ? 0 : 1 });

async function pressOnce(url: string, widget: PressedWidget, timing: PressTiming): Promise<FirstPress> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    // A phone-wide viewport with a pointer: every launcher is shown at this width.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const durations: number[] = [];
      const state = { durations, pressedAt: -1 };
      Object.assign(window, { __firstPress: state });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { interactionId: number; duration: number }[])
          if (entry.interactionId > 0) durations.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      addEventListener(
        'pointerdown',
        (event) => {
          if (event.isTrusted && state.pressedAt < 0) state.pressedAt = event.timeStamp;
        },
        true,
      );
    });
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    await evaluate(cdp, ROUTE_READY, 90_000, `${url}: the route's hydration`);
    const box = await evaluate<{ x: number; y: number; width: number } | null>(
      cdp,
      `(() => { const r = document.querySelector('[data-launcher="${widget}"]')?.getBoundingClientRect(); return r ? { x: r.x + r.width / 2, y: r.y + r.height / 2, width: r.width } : null; })()`,
      5_000,
      `${widget}'s launcher`,
    );
    if (!box || box.width === 0) throw new Error(`${url}: no visible launcher for ${widget}`);
    await mouse(cdp, 'mouseMoved', box.x, box.y);
    if (timing === 'after hover')
      await evaluate(cdp, whenTrue(`!document.querySelector('[data-launcher="${widget}"]')`), 60_000, `${widget}'s code after a hover`);
    await mouse(cdp, 'mousePressed', box.x, box.y);
    await mouse(cdp, 'mouseReleased', box.x, box.y);
    const openedAt = await evaluate<number>(cdp, whenTrue(OPENED[widget]), 60_000, `${widget}'s panel`);
    // Event Timing reports an interaction after its next paint: wait for that entry.
    const state = await evaluate<{ durations: number[]; pressedAt: number }>(
      cdp,
      `new Promise((resolve) => { const s = window.__firstPress; const done = () => resolve({ durations: s.durations, pressedAt: s.pressedAt }); if (s.durations.length) setTimeout(done, 250); else setTimeout(done, 2000); })`,
      10_000,
      'event timing',
    );
    return { inpMs: Math.max(0, ...state.durations), openMs: Math.round(openedAt - state.pressedAt) };
  } finally {
    await browser.close();
  }
}

/** The median INP and time to the open panel over `runs` first visits (each in a fresh browser: nothing cached). */
export async function measureFirstPress(url: string, widget: PressedWidget, timing: PressTiming, runs: number): Promise<FirstPress> {
  const samples: FirstPress[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await pressOnce(url, widget, timing));
  return { inpMs: median(samples.map((one) => one.inpMs)), openMs: median(samples.map((one) => one.openMs)) };
}
