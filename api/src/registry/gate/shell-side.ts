import fs from 'node:fs';
import path from 'node:path';
import type { SurfaceEntry } from './compatibility';

/**
 * What the shell gives every page, as the release gate compares builds with it
 * (docs/releasing.md, "Compatibility"): the surface of the contracts it was built with (their
 * surface.json, the same package this process runs) and the singletons its build shares
 * (share-scope.json, written by @kaloryfer/mfe-build beside the shell's build).
 */
export function shellSurface(): Record<string, SurfaceEntry> | null {
  try {
    const file = require.resolve('@kaloryfer/contracts/surface.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { exports: Record<string, SurfaceEntry> }).exports;
  } catch {
    return null;
  }
}

/** The shell build's share scope: package → version; null when the shell is not built here. */
export function shellShareScope(shellDist: string): Record<string, string> | null {
  try {
    const scope = JSON.parse(fs.readFileSync(path.join(shellDist, 'share-scope.json'), 'utf8')) as { shared?: Record<string, string> };
    return scope.shared ?? null;
  } catch {
    return null;
  }
}
