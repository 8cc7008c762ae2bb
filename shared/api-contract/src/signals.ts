import { Type, type Static } from '@sinclair/typebox';
import { answers, ErrorEnvelope, Nullable } from './envelope';
import { REMOTE_NAME } from './remote-name';

/**
 * Signals per remote build (docs/releasing.md, "Signals"). Browsers send one small beacon per
 * page view; operators and teams read the per-minute sums over the registry's API.
 */
const Remote = Type.String({ pattern: REMOTE_NAME });
const BuildId = Type.String({ pattern: '^[0-9a-f]{64}$', minLength: 64, maxLength: 64 });
const Count = Type.Integer({ minimum: 0, maximum: 100 });

/**
 * `POST /api/signals` (navigator.sendBeacon at the page's end): what the page saw of each build
 * ran or tried (`pageView`: a view of that build), and the page's web vitals, which belong to
 * the build that rendered its route region (the entry with `route`). No cookie is read, no
 * address or id stored; at most 1 KB.
 */
export const SignalBeaconRoute = {
  body: Type.Object(
    {
      builds: Type.Array(
        Type.Object(
          {
            remote: Remote,
            build: BuildId,
            pageView: Type.Optional(Type.Boolean()),
            route: Type.Optional(Type.Boolean()),
            mountFailures: Type.Optional(Count),
            fallbacks: Type.Optional(Count),
            errors: Type.Optional(Count),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 6 },
      ),
      /** The page-view token the page server gave the page (kf-state `pageView`): without it nothing but vitals counts. */
      token: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
      /**
       * The page's request as a trace (W3C `traceparent`, version 00: the page's `<meta
       * name="traceparent">`, there when the shop traces): the API's span of the beacon links to it.
       */
      traceparent: Type.Optional(Type.String({ pattern: '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$', maxLength: 55 })),
      vitals: Type.Optional(
        Type.Object(
          {
            lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 120_000 })),
            inp: Type.Optional(Type.Number({ minimum: 0, maximum: 60_000 })),
            cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 204: Type.Null(), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
};
export type SignalBeacon = Static<typeof SignalBeaconRoute.body>;

/** What a build did over a window, summed over minutes and instances (the API's signals, the canary's rules read it). */
export const BuildSignals = Type.Object({
  remote: Type.String(),
  build: Type.String(),
  version: Type.String(),
  renders: Type.Integer(),
  renderFailures: Type.Integer(),
  budgetMisses: Type.Integer(),
  fallbacks: Type.Integer(),
  renderP50Ms: Nullable(Type.Number()),
  renderP95Ms: Nullable(Type.Number()),
  pageViews: Type.Integer(),
  mountFailures: Type.Integer(),
  browserFallbacks: Type.Integer(),
  errors: Type.Integer(),
  /** Page views with an error or a mount failure, with a fallback: each page once. */
  failingViews: Type.Integer(),
  fallbackViews: Type.Integer(),
  /** Distinct visitors who viewed the build, who met a failure (per instance and hour, summed). */
  visitors: Type.Integer(),
  failingVisitors: Type.Integer(),
  /** Failing page views per page view; fallback page views per page view (null without page views). */
  errorRate: Nullable(Type.Number()),
  fallbackRate: Nullable(Type.Number()),
  lcpP75Ms: Nullable(Type.Number()),
  inpP75Ms: Nullable(Type.Number()),
  clsP75: Nullable(Type.Number()),
});
export type BuildSignals = Static<typeof BuildSignals>;

/** `GET /registry/v1/remotes/:remote/signals?minutes=` → each build's signals over the last minutes (default 60). */
export const RegistrySignalsRoute = {
  params: Type.Object({ remote: Remote }),
  querystring: Type.Object({ minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 })) }),
  response: answers(Type.Object({ since: Type.String(), builds: Type.Array(BuildSignals) })),
};
