/** Options of sourceFingerprint: `workspace` — whether the shared packages' src/ counts (default: when this package is read from the shop's repository, not node_modules). */
export interface SourceFingerprintOptions {
  workspace?: boolean;
}

/** The files that decide the build of the remote in `dir`, as absolute paths (unsorted). */
export function sourceFiles(dir: string, options?: SourceFingerprintOptions): string[];

/** sha256 (hex) over the remote's sources: its src/**, package.json, rspack.config.* and, in the shop's repository, every shared package's src/** — as build-info.json's `sources`. */
export function sourceFingerprint(dir: string, options?: SourceFingerprintOptions): string;
