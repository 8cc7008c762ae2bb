import { escapeHtml } from '@kaloryfer/domain';
import { OVERRIDE_PATH, type ExperimentPins, type Override } from '@kaloryfer/api-contract';
import { majorOf, type RemoteName } from '@kaloryfer/contracts';
import type { I18n, Language } from '@kaloryfer/i18n';
import { getsCanary, type Assignment } from '../src/registry/ab-assignment';
import type { RemoteVariant } from '../src/registry/registry';
import type { PageState } from '../src/state/page-state';
import type { RegistrySnapshot, ResolvedBuild } from './registry-snapshot';

// Which builds a page is composed with: the A/B assignment, a canary's share, a team's override.

/**
 * What kf_ab proves for this page: per A/B-tested remote, the build it pinned (the assigned
 * variant's, or the control's when that one cannot run here — what the shopper gets).
 */
export function experimentPinsOf(
  snapshot: RegistrySnapshot,
  assignments: Assignment[],
  id: string | null,
  contracts: string,
  bucket: number | null,
): ExperimentPins {
  const builds: ExperimentPins['builds'] = {};
  for (const entry of Object.values(snapshot.registry.remotes)) {
    if (!entry || entry.variants.length < 2) continue;
    const build = chosenBuild(snapshot, entry.remote, assignments, contracts, bucket);
    if (build) builds[entry.remote] = { variant: build.variant.id, build: build.variant.build ?? 'unpublished', version: build.variant.version };
  }
  return { id, builds };
}

/**
 * The page's registry with a team's override in place of the remote's build: the browser loads
 * that build (its origin enters this page's CSP through the pinned origins) and nothing else of
 * the remote.
 */
export function withOverride(registry: PageState['registry'], override: Override): PageState['registry'] {
  const build = {
    name: override.name,
    entry: override.entry,
    version: override.version,
    contracts: override.contracts,
    ...(override.integrity ? { integrity: override.integrity } : {}),
  };
  const remotes = { ...registry.remotes };
  remotes[override.remote] = override.variant === 'default' ? build : { control: override.variant, variants: { [override.variant]: { ...build, weight: 1 } } };
  return { ...registry, remotes };
}

/** The banner that says this browser runs a team's build (nobody forgets an override). */
export function overrideBanner(override: Override, i18n: I18n, language: Language): string {
  const until = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Warsaw' }).format(new Date(override.until));
  const where = override.origin ?? i18n.t('override.registry', { ns: 'shell' });
  return `<div class="kf-override" role="status">${escapeHtml(
    i18n.t('override.banner', { ns: 'shell', remote: override.remote, version: override.version, where, until }),
  )} <a href="${OVERRIDE_PATH}?end=1" rel="external">${escapeHtml(i18n.t('override.end', { ns: 'shell' }))}</a></div>`;
}

/** A variant's build for this page: its canary for a visitor in the canary's share, else its stable build. */
function buildFor(snapshot: RegistrySnapshot, remote: RemoteName, variant: RemoteVariant, bucket: number | null): ResolvedBuild | undefined {
  return (getsCanary(variant, bucket) ? snapshot.build(remote, variant.id, true) : undefined) ?? snapshot.build(remote, variant.id);
}

/**
 * The build a remote renders this page with: the assigned variant's (its canary for a visitor in
 * the canary's share), else the control's (as the browser decides).
 */
export function chosenBuild(
  snapshot: RegistrySnapshot,
  remote: RemoteName,
  assignments: Assignment[],
  contracts: string,
  bucket: number | null,
): ResolvedBuild | null {
  const entry = snapshot.registry.remotes[remote];
  if (!entry) return null;
  const assigned = assignments.find((assignment) => assignment.remote === remote)?.variant ?? entry.control;
  for (const id of [assigned, entry.control]) {
    const variant = entry.variants.find((candidate) => candidate.id === id);
    const build = variant && buildFor(snapshot, remote, variant, bucket);
    if (build && majorOf(build.variant.contracts) === majorOf(contracts)) return build;
  }
  return null;
}

/** The registry the page pins: per remote its assigned build and its control, entries pointing at remoteEntry.js. */
export function pinnedRegistry(snapshot: RegistrySnapshot, assignments: Assignment[], bucket: number | null): PageState['registry'] {
  const remotes: Record<string, unknown> = {};
  for (const entry of Object.values(snapshot.registry.remotes)) {
    if (!entry) continue;
    const assigned = assignments.find((assignment) => assignment.remote === entry.remote)?.variant ?? entry.control;
    const pinned = (stable: RemoteVariant) => {
      // The page pins one build per variant: the canary's for a visitor in its share.
      const build = buildFor(snapshot, entry.remote, stable, bucket);
      const variant = build?.variant ?? stable;
      // The build id too: a page the service worker kept tells builds apart by it
      // (shell/src/service-worker/stored-page.ts).
      return {
        name: variant.name,
        entry: build?.assets.remoteEntry ?? variant.entry,
        version: variant.version,
        contracts: variant.contracts,
        ...(variant.publishedAt ? { publishedAt: variant.publishedAt } : {}),
        // The browser loads the entry with this hash only (docs/releasing.md): other bytes are refused.
        ...(variant.integrity ? { integrity: variant.integrity } : {}),
        ...(variant.build ? { build: variant.build } : {}),
      };
    };
    if (entry.variants.length === 1 && entry.control === 'default') {
      remotes[entry.remote] = pinned(entry.variants[0]);
      continue;
    }
    const kept = entry.variants.filter((variant) => variant.id === assigned || variant.id === entry.control);
    remotes[entry.remote] = {
      control: entry.control,
      variants: Object.fromEntries(kept.map((variant) => [variant.id, { ...pinned(variant), weight: variant.weight }])),
    };
  }
  // The registered remotes' routes and slots: the browser's shell draws and routes with them too.
  const definitions = snapshot.raw.definitions;
  return { timeoutMs: snapshot.registry.timeoutMs, remotes, ...(definitions && definitions.length > 0 ? { definitions } : {}) };
}

/** The build ids a page's pinned registry names (each variant's, its canary's when pinned). */
export function pinnedBuildIds(registry: PageState['registry']): string[] {
  const ids: string[] = [];
  const add = (build: unknown) => {
    const id = (build as { build?: unknown } | null)?.build;
    if (typeof id === 'string') ids.push(id);
  };
  for (const entry of Object.values(registry.remotes)) {
    const variants = (entry as { variants?: Record<string, unknown> }).variants;
    if (variants) Object.values(variants).forEach(add);
    else add(entry);
  }
  return ids;
}
