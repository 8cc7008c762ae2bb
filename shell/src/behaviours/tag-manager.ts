/**
 * The tag-manager bridge: page views by route (spec §2) and A/B facts go to window.dataLayer,
 * the array Google Tag Manager and its peers read. The shop loads no tracker itself.
 *
 * Consent (Consent Mode v2) comes first: the very first entry of `dataLayer` is gtag's
 * `consent default` with everything but the necessary storage denied, and no analytics or
 * marketing event is pushed before the shopper has said yes to it. Until the shopper chooses,
 * such events wait here (the page's own page view included); a choice pushes `consent update`
 * and then what waited and is now allowed; what is not allowed is dropped. docs/content.md,
 * "Cookie consent", has the flow.
 */
export type DataLayerEvent = Record<string, unknown> & { event: string };

/**
 * A gtag command as gtag.js pushes it: `function gtag(){dataLayer.push(arguments);}`. Tag
 * managers read a command (`consent`, `config`, `set`, …) only from an `arguments` object; an
 * array `['consent', 'default', {…}]` in dataLayer is just data to them.
 */
export type GtagCommand = IArguments;

export type DataLayerEntry = DataLayerEvent | GtagCommand;

type WithDataLayer = { dataLayer?: DataLayerEntry[] };

/** What an event is for, as the cookie settings name the purposes. */
export type ConsentPurpose = 'necessary' | 'analytics' | 'marketing';

/** The shopper's answer: the necessary purpose is always on. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

type ConsentSignal = 'granted' | 'denied';

/** Consent Mode v2 defaults: nothing stored for measurement or ads until the shopper agrees. */
export const CONSENT_DEFAULT = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'granted',
  security_storage: 'granted',
  // How long tags loaded with the page wait for a stored choice to arrive as an update.
  wait_for_update: 500,
} as const;

/** The Consent Mode v2 signals of a choice: analytics → analytics_storage, marketing → the three ad signals. */
export function consentSignals({
  analytics,
  marketing,
}: ConsentChoice): Record<'ad_storage' | 'ad_user_data' | 'ad_personalization' | 'analytics_storage', ConsentSignal> {
  const ads: ConsentSignal = marketing ? 'granted' : 'denied';
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: analytics ? 'granted' : 'denied' };
}

/**
 * Events of the shop's own operation — a build that failed to load, was refused or gave up, the
 * error page — carry no identifier of the shopper and are pushed whatever the consent; every other
 * event is analytics unless listed as marketing. An event nobody classified waits for consent.
 */
const NECESSARY_EVENTS = new Set(['mfe_fallback', 'mfe_refused', 'mfe_unavailable', 'page_error']);
const MARKETING_EVENTS = new Set<string>();

export function purposeOf(event: DataLayerEvent): ConsentPurpose {
  if (NECESSARY_EVENTS.has(event.event)) return 'necessary';
  return MARKETING_EVENTS.has(event.event) ? 'marketing' : 'analytics';
}

/** Events held for the shopper's first choice: at most this many (a long visit without a choice). */
const MAX_WAITING = 100;

/** `arguments` exactly as gtag.js would push it for these values. */
function gtagArguments(...values: unknown[]): IArguments {
  void values;
  // eslint-disable-next-line prefer-rest-params
  return arguments;
}

export class TagManager {
  private started = false;
  private choice: ConsentChoice | null = null;
  private waiting: DataLayerEvent[] = [];

  constructor(private readonly target: WithDataLayer) {}

  /** Pushes Consent Mode's `consent default`, once, before anything else the page pushes. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.gtag('consent', 'default', { ...CONSENT_DEFAULT });
  }

  /** A gtag command, as gtag.js pushes it. */
  gtag(...command: unknown[]): void {
    this.start();
    this.raw(gtagArguments(...command));
  }

  /** An event: pushed now if its purpose is allowed, held until the first choice, or dropped. */
  push(event: DataLayerEvent): void {
    this.start();
    const purpose = purposeOf(event);
    if (this.allows(purpose)) this.raw(event);
    else if (this.choice === null && this.waiting.length < MAX_WAITING) this.waiting.push(event);
  }

  /** The shopper chose (or a stored choice was read): `consent update`, then what waited and is now allowed. */
  setConsent(choice: ConsentChoice): void {
    this.start();
    this.choice = { analytics: choice.analytics, marketing: choice.marketing };
    this.gtag('consent', 'update', consentSignals(this.choice));
    for (const event of this.waiting.splice(0)) {
      if (this.allows(purposeOf(event))) this.raw(event);
    }
  }

  consent(): ConsentChoice | null {
    return this.choice;
  }

  private allows(purpose: ConsentPurpose): boolean {
    return purpose === 'necessary' || this.choice?.[purpose] === true;
  }

  private raw(entry: DataLayerEntry): void {
    (this.target.dataLayer ??= []).push(entry);
  }
}

const managers = new WeakMap<object, TagManager>();

/** The page's tag manager (one per dataLayer owner; `window` in the browser). */
export function tagManagerFor(target: WithDataLayer = globalThis as WithDataLayer): TagManager {
  let manager = managers.get(target);
  if (!manager) {
    manager = new TagManager(target);
    managers.set(target, manager);
  }
  return manager;
}

/** An event for the tag manager, through the consent gate (see TagManager.push). */
export function pushToDataLayer(event: DataLayerEvent, target: WithDataLayer = globalThis as WithDataLayer): void {
  tagManagerFor(target).push(event);
}

/** A dataLayer entry that is a gtag command, as an array (for tests and debugging tools). */
export function gtagCommandOf(entry: unknown): unknown[] | null {
  return Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as IArguments) : null;
}

export function pageView(route: { path: string; search: string; name: string; remote: string | null }, title: string): DataLayerEvent {
  return {
    event: 'page_view',
    page_path: `${route.path}${route.search}`,
    page_title: title,
    route_name: route.name,
    remote: route.remote,
  };
}

/** Spec §9 checkout tracking steps: 1 mini-cart, 2 no hash, 3 #shipping, 4 #payment, 5 #orderReview. */
const CHECKOUT_STEP_BY_HASH: Record<string, number> = { '': 2, '#shipping': 3, '#payment': 4, '#orderReview': 5 };
export const MINI_CART_STEP = 1;

/** The tracking step a route is, or null when it is not a checkout step. */
export function checkoutStepOf(route: { name: string; hash: string }): number | null {
  if (route.name !== 'checkout' && route.name !== 'en-checkout') return null;
  return CHECKOUT_STEP_BY_HASH[route.hash] ?? null;
}

export function checkoutStep(step: number): DataLayerEvent {
  return { event: 'checkout', ecommerce: { checkout: { actionField: { step } } } };
}
