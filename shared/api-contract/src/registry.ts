import { Type, type Static } from '@sinclair/typebox';
import { answers, Nullable } from './envelope';
import { REMOTE_NAME } from './remote-name';

/**
 * The remote registry's API (docs/releasing.md): what teams' CI and operators call to publish,
 * roll back and weight builds. Off the shoppers' surface: every route needs a registry token
 * and none is listed in /api/openapi.json. `npm run release` and `npm run registry` read these
 * types.
 */
export { REMOTE_NAME };
/** A token's team: `operator` (people who run the shop), or a remote's own team, by the remote's name. */
export type RegistryTeam = string;
const Team = Type.String({ pattern: '^(?:operator|[a-z][a-z0-9]{0,15})$' });

const RemoteParam = Type.String({ pattern: REMOTE_NAME });
const VariantParam = Type.String({ pattern: '^[a-z][a-z0-9]{0,15}$' });
const Reason = Type.String({ minLength: 1, maxLength: 500 });

/** One check of the release gate: pass, fail, or skipped (an earlier check failed, or it does not apply). */
export const GateCheck = Type.Object({
  name: Type.String(),
  status: Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('skip')]),
  ms: Type.Integer(),
  detail: Type.String(),
});
export type GateCheck = Static<typeof GateCheck>;

export const GateResult = Type.Object({ ok: Type.Boolean(), ms: Type.Integer(), checks: Type.Array(GateCheck) });
export type GateResult = Static<typeof GateResult>;

/** A published build: its id is the SHA-256 of its file list. */
export const RegistryBuild = Type.Object({
  build: Type.String(),
  remote: Type.String(),
  variant: Type.String(),
  version: Type.String(),
  container: Type.String(),
  contracts: Type.String(),
  /** Where browsers load its manifest (the shop's own /mfe/… path, or the team's origin). */
  entry: Type.String(),
  /** Subresource Integrity of its remoteEntry.js. */
  integrity: Type.String(),
  origin: Nullable(Type.String()),
  team: Type.String(),
  publishedAt: Type.String(),
  builtAt: Nullable(Type.String()),
});
export type RegistryBuild = Static<typeof RegistryBuild>;

/** A variant's running canary: its build, the share it gets now, its steps, since when, paused or not. */
export const CanaryStatus = Type.Object({
  build: RegistryBuild,
  percent: Type.Integer(),
  steps: Type.Array(Type.Integer()),
  paused: Type.Boolean(),
  startedAt: Type.String(),
  stepStartedAt: Type.String(),
  /** What its judge counts in this step so far: page views and visitors, failing ones (docs/releasing.md, "Canaries"). */
  counted: Type.Optional(Type.Object({ pageViews: Type.Integer(), visitors: Type.Integer(), failingViews: Type.Integer(), failingVisitors: Type.Integer() })),
});
export type CanaryStatus = Static<typeof CanaryStatus>;

export const LiveVariant = Type.Composite([
  RegistryBuild,
  Type.Object({ weight: Type.Integer(), since: Type.String(), gate: GateResult, canary: Nullable(CanaryStatus), bad: Nullable(Type.String()) }),
]);
export type LiveVariant = Static<typeof LiveVariant>;

export const RemoteStatus = Type.Object({
  remote: Type.String(),
  control: Nullable(Type.String()),
  variants: Type.Array(LiveVariant),
  /** Builds its canaries rolled back, newest first (at most 5): they go live again only with force. */
  badBuilds: Type.Array(
    Type.Object({ build: Type.String(), version: Type.String(), variant: Type.String(), reason: Type.String(), at: Nullable(Type.String()) }),
  ),
  /** A release under way (its lease): who, and until when at the latest. */
  releaseInProgress: Nullable(Type.Object({ team: Type.String(), until: Type.String() })),
});
export type RemoteStatus = Static<typeof RemoteStatus>;

export const RegistryEvent = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  remote: Type.String(),
  variant: Type.String(),
  /** canary…: a canary started, stepped up, paused, resumed, aborted by hand, failed on its signals (rolled back, its build marked bad); promote: it went live. */
  action: Type.Union([
    Type.Literal('release'),
    Type.Literal('rollback'),
    Type.Literal('weight'),
    Type.Literal('withdraw'),
    Type.Literal('refused'),
    Type.Literal('canary'),
    Type.Literal('canary-step'),
    Type.Literal('canary-pause'),
    Type.Literal('canary-resume'),
    Type.Literal('canary-abort'),
    Type.Literal('canary-fail'),
    Type.Literal('promote'),
  ]),
  version: Nullable(Type.String()),
  build: Nullable(Type.String()),
  previousVersion: Nullable(Type.String()),
  previousBuild: Nullable(Type.String()),
  weight: Nullable(Type.Integer()),
  team: Type.String(),
  reason: Type.String(),
  gate: Nullable(GateResult),
});
export type RegistryEvent = Static<typeof RegistryEvent>;

export const RegistryToken = Type.Object({
  id: Type.String(),
  team: Type.String(),
  label: Type.String(),
  createdAt: Type.String(),
  revokedAt: Nullable(Type.String()),
  lastUsedAt: Nullable(Type.String()),
});
export type RegistryToken = Static<typeof RegistryToken>;

/** `GET /registry/v1/status` → what every remote serves now. */
export const RegistryStatusRoute = { response: answers(Type.Object({ remotes: Type.Array(RemoteStatus) })) };

/** `GET /registry/v1/remotes/:remote/history?limit=` → its events, newest first. */
export const RegistryHistoryRoute = {
  params: Type.Object({ remote: RemoteParam }),
  querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
  response: answers(Type.Array(RegistryEvent)),
};

/**
 * `GET /registry/v1/remotes/:remote/versions` → every version published of it, per variant,
 * oldest first: what `npm run release -- <remote> --bump patch` counts up from (a published
 * version never changes, so the next build needs one not in this list).
 */
export const RegistryVersionsRoute = {
  params: Type.Object({ remote: RemoteParam }),
  response: answers(Type.Array(Type.Object({ version: Type.String(), variant: Type.String(), publishedAt: Type.String() }))),
};

/**
 * `POST /registry/v1/remotes/:remote/builds` with the build as a tar.gz body → released, or unchanged
 * (these exact bytes are live already), or refused by the gate (422, the checks in
 * `result.gate`). `origin`: the team serves the browser files itself from there. `canary`: the
 * build goes to that share of shoppers beside the live one and steps up while its signals are
 * healthy (docs/releasing.md, "Canaries"). `force`: a build its canary marked bad may go again.
 */
export const RegistryPublishRoute = {
  params: Type.Object({ remote: RemoteParam }),
  querystring: Type.Object({
    weight: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    canary: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    force: Type.Optional(Type.Boolean()),
    origin: Type.Optional(Type.String({ minLength: 8, maxLength: 400, pattern: '^https?://[^\\s?#]+/$' })),
    reason: Type.Optional(Reason),
  }),
  response: answers(
    Type.Object({
      outcome: Type.Union([Type.Literal('released'), Type.Literal('canary'), Type.Literal('unchanged')]),
      build: RegistryBuild,
      gate: Nullable(GateResult),
      event: Nullable(RegistryEvent),
    }),
  ),
};
export type PublishAnswer = Static<(typeof RegistryPublishRoute)['response'][200]>['result'];

/**
 * `POST /registry/v1/remotes/:remote/canary/:action` {variant?, reason?, force?} → the event:
 * pause (no more steps; an unhealthy canary is still rolled back), resume, promote (the canary
 * goes live now), abort (its shoppers go back to the live build).
 */
export const RegistryCanaryRoute = {
  params: Type.Object({
    remote: RemoteParam,
    action: Type.Union([Type.Literal('pause'), Type.Literal('resume'), Type.Literal('promote'), Type.Literal('abort')]),
  }),
  body: Type.Object(
    { variant: Type.Optional(VariantParam), reason: Type.Optional(Reason), force: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  response: answers(RegistryEvent),
};

/**
 * `POST /registry/v1/remotes/:remote/overrides` {target, minutes, variant?} (operators) → a link
 * that makes the browser opening it load `target` — a published version, or a team's build's
 * https URL — instead of the live build, for `minutes` (docs/releasing.md, "Overrides").
 */
export const RegistryOverrideRoute = {
  params: Type.Object({ remote: RemoteParam }),
  body: Type.Object(
    {
      target: Type.String({ minLength: 1, maxLength: 500, pattern: '^(https://[^\\s?#]+|[0-9A-Za-z][0-9A-Za-z.+-]{0,63})$' }),
      minutes: Type.Integer({ minimum: 1, maximum: 24 * 60 }),
      variant: Type.Optional(VariantParam),
    },
    { additionalProperties: false },
  ),
  response: answers(Type.Object({ link: Type.String(), until: Type.String(), version: Type.String(), entry: Type.String() })),
};

/** `POST /registry/v1/remotes/:remote/rollback` → the build before the live one (or `to` a version) is live again. */
export const RegistryRollbackRoute = {
  params: Type.Object({ remote: RemoteParam }),
  body: Type.Object(
    { variant: Type.Optional(VariantParam), to: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })), reason: Type.Optional(Reason) },
    { additionalProperties: false },
  ),
  response: answers(RegistryEvent),
};

/** `PUT /registry/v1/remotes/:remote/variants/:variant/weight` → the variant's share of new visitors. */
export const RegistryWeightRoute = {
  params: Type.Object({ remote: RemoteParam, variant: VariantParam }),
  body: Type.Object({ weight: Type.Integer({ minimum: 0, maximum: 1000 }), reason: Type.Optional(Reason) }, { additionalProperties: false }),
  response: answers(RegistryEvent),
};

/** `DELETE /registry/v1/remotes/:remote/variants/:variant` → the variant is withdrawn (not the control, not the last). */
export const RegistryWithdrawRoute = {
  params: Type.Object({ remote: RemoteParam, variant: VariantParam }),
  response: answers(RegistryEvent),
};

/** Tokens (operators only): list, create (the token is shown once), revoke. */
export const RegistryTokensRoute = { response: answers(Type.Array(RegistryToken)) };
export const RegistryTokenCreateRoute = {
  body: Type.Object({ team: Team, label: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, { additionalProperties: false }),
  response: answers(Type.Composite([RegistryToken, Type.Object({ token: Type.String() })])),
};
/** `DELETE /registry/v1/tokens/:id` revokes that token, or with a team's name every live token of the team. */
export const RegistryTokenRevokeRoute = {
  params: Type.Object({ id: Type.String({ pattern: '^[a-z0-9]{1,32}$' }) }),
  response: answers(Type.Array(RegistryToken)),
};

/** The shell's slots a remote's module can fill (@kaloryfer/contracts' SLOTS), each with the exposed module ('./Footer'). */
const ExposedModule = Type.String({ pattern: '^\\./[A-Za-z][A-Za-z0-9]{0,47}$' });
const Slots = Type.Object(
  {
    search: Type.Optional(ExposedModule),
    account: Type.Optional(ExposedModule),
    wishlist: Type.Optional(ExposedModule),
    minicart: Type.Optional(ExposedModule),
    footer: Type.Optional(ExposedModule),
  },
  { additionalProperties: false },
);

/**
 * One of the shop's remotes (docs/architecture.md, "The shop's remotes"): the routes it owns and
 * the shell's slots it fills. The built-in five come with the shop; an operator registers others.
 */
export const RemoteDefinition = Type.Object({
  name: Type.String({ pattern: REMOTE_NAME }),
  routes: Type.Array(
    Type.Object(
      { name: Type.String({ minLength: 1, maxLength: 48 }), pattern: Type.String({ minLength: 1, maxLength: 200 }) },
      { additionalProperties: false },
    ),
    { maxItems: 20 },
  ),
  slots: Slots,
});
export type RemoteDefinition = Static<typeof RemoteDefinition>;

/** `GET /registry/v1/remotes` → every remote of the shop: built in or registered (when, by whom). */
export const RegistryRemotesRoute = {
  response: answers(
    Type.Array(
      Type.Composite([
        RemoteDefinition,
        Type.Object({ builtIn: Type.Boolean(), registeredAt: Nullable(Type.String()), registeredBy: Nullable(Type.String()) }),
      ]),
    ),
  ),
};

/**
 * `POST /registry/v1/remotes` {name, routes, slots} (operators) → a new remote of the shop: its
 * team may then get a token and release builds; the shell gives it its routes and slots from the
 * next page on. 409 when the name, a route or a slot is taken (the reason says which).
 */
export const RegistryRemoteAddRoute = {
  body: Type.Object(
    {
      name: Type.String({ pattern: REMOTE_NAME }),
      routes: Type.Optional(RemoteDefinition.properties.routes),
      slots: Type.Optional(Slots),
    },
    { additionalProperties: false },
  ),
  response: answers(RemoteDefinition),
};

/** `DELETE /registry/v1/remotes/:remote` (operators) → a registered remote with nothing live leaves the shop. */
export const RegistryRemoteRemoveRoute = {
  params: Type.Object({ remote: RemoteParam }),
  response: answers(Type.Object({ removed: Type.String() })),
};
