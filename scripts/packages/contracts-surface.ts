import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './shared-packages';

/**
 * shared/contracts/surface.json: every runtime export of @kaloryfer/contracts — what a page's one
 * copy offers the remotes — with its kind and the major.minor that added it. `packages:version`
 * writes it after each version; the release gate reads it to refuse a remote that needs a name
 * the shell's contracts lack (docs/releasing.md, "Compatibility").
 */
export const SURFACE_FILE = path.join(ROOT, 'shared', 'contracts', 'surface.json');

export type ExportKind = 'channel' | 'atom' | 'function' | 'value';
export interface SurfaceEntry {
  since: string;
  kind: ExportKind;
  channel?: string;
}
export interface SurfaceFile {
  about: string;
  /** The contracts version this record was written for. */
  version: string;
  exports: Record<string, SurfaceEntry>;
}
export type RuntimeSurface = Record<string, { kind: ExportKind; channel?: string }>;

const ABOUT =
  'What each version of @kaloryfer/contracts offers a page: every runtime export (channels, atoms, functions, values) with the major.minor that added it. npm run packages:version writes it; the release gate reads it to refuse a remote that needs a name the shell\'s contracts lack (docs/releasing.md, "Compatibility").';

/** What a runtime export is: a bus channel, a nanostores atom, a function or a plain value. */
export function kindOf(value: unknown): { kind: ExportKind; channel?: string } {
  const object = value as Record<string, unknown> | null;
  if (object && typeof object === 'object' && typeof object.name === 'string' && typeof object.emit === 'function' && typeof object.on === 'function') {
    return { kind: 'channel', channel: object.name };
  }
  if (object && typeof object === 'object' && typeof object.get === 'function' && typeof object.listen === 'function') return { kind: 'atom' };
  return typeof value === 'function' ? { kind: 'function' } : { kind: 'value' };
}

/** The contracts' runtime exports, as this checkout's source evaluates them. */
export async function runtimeSurface(): Promise<RuntimeSurface> {
  const contracts = (await import('@kaloryfer/contracts')) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(contracts)
      .filter((name) => name !== 'default' && name !== '__esModule' && name !== 'module.exports')
      .sort()
      .map((name) => [name, kindOf(contracts[name])]),
  );
}

export const readSurface = (file = SURFACE_FILE): SurfaceFile => JSON.parse(fs.readFileSync(file, 'utf8')) as SurfaceFile;

const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');
const majorOf = (version: string) => Number(version.split('.')[0]);

/**
 * The surface record for a new contracts version. Within a major a name is never removed (a
 * remote built against 1.1 may use it on a 1.5 page), and a new name is recorded with the new
 * version's minor. A new major starts the record again: every name it has, since `<major>.0`.
 */
export function nextSurface(recorded: SurfaceFile, runtime: RuntimeSurface, version: string): SurfaceFile {
  const major = majorOf(version) !== majorOf(recorded.version);
  if (major) {
    return {
      about: ABOUT,
      version,
      exports: Object.fromEntries(Object.entries(runtime).map(([name, kind]) => [name, { since: `${majorOf(version)}.0`, ...kind }])),
    };
  }
  const removed = Object.keys(recorded.exports).filter((name) => !(name in runtime));
  if (removed.length > 0) {
    throw new Error(
      `@kaloryfer/contracts ${version} drops ${removed.join(', ')}: remotes built against ${recorded.version} use them — removing one is a major change (a changeset with "major")`,
    );
  }
  const exports: Record<string, SurfaceEntry> = {};
  for (const [name, kind] of Object.entries(runtime)) exports[name] = recorded.exports[name] ?? { since: majorMinor(version), ...kind };
  return { about: ABOUT, version, exports };
}
