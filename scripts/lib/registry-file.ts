import fs from 'node:fs';
import path from 'node:path';

/**
 * The registry file as operators and the release script write it (the shell parses the same
 * shape in shell/src/registry/registry.ts). Writes are atomic: a temporary file renamed over
 * the old one, so a page load reads the old registry or the new one, never half of each.
 */
export interface BuildEntry {
  name: string;
  entry: string;
  version: string;
  contracts: string;
  /** The build's server render, beside its browser build. */
  ssr?: string;
  publishedAt?: string;
}

export interface VariantEntry extends BuildEntry {
  weight: number;
}

export type RemoteEntry = BuildEntry | { control: string; variants: Record<string, VariantEntry> };

export interface RegistryFile {
  timeoutMs?: number;
  remotes: Record<string, RemoteEntry>;
}

export function registryPath(varDir: string): string {
  return path.join(varDir, 'mfe-registry.json');
}

function historyPath(varDir: string): string {
  return path.join(varDir, 'mfe-registry-history.json');
}

export function readRegistry(varDir: string): RegistryFile {
  try {
    return JSON.parse(fs.readFileSync(registryPath(varDir), 'utf8')) as RegistryFile;
  } catch {
    return { timeoutMs: 8000, remotes: {} };
  }
}

export function writeJsonAtomic(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

type History = Record<string, (RemoteEntry | null)[]>;

function readHistory(varDir: string): History {
  try {
    return JSON.parse(fs.readFileSync(historyPath(varDir), 'utf8')) as History;
  } catch {
    return {};
  }
}

/** Replaces one remote's entry, remembering the previous one for --rollback. */
export function switchRemote(varDir: string, remote: string, next: RemoteEntry): void {
  const registry = readRegistry(varDir);
  const history = readHistory(varDir);
  (history[remote] ??= []).push(registry.remotes[remote] ?? null);
  history[remote] = history[remote].slice(-20);
  writeJsonAtomic(historyPath(varDir), history);
  writeJsonAtomic(registryPath(varDir), { ...registry, remotes: { ...registry.remotes, [remote]: next } });
}

/** Restores the entry a remote had before its last switch; returns it, or throws. */
export function rollbackRemote(varDir: string, remote: string): RemoteEntry | null {
  const history = readHistory(varDir);
  const stack = history[remote] ?? [];
  if (stack.length === 0) throw new Error(`nothing to roll back: ${remote} has no earlier registry entry`);
  const previous = stack.pop() ?? null;
  const registry = readRegistry(varDir);
  const remotes = { ...registry.remotes };
  if (previous) remotes[remote] = previous;
  else delete remotes[remote];
  writeJsonAtomic(registryPath(varDir), { ...registry, remotes });
  writeJsonAtomic(historyPath(varDir), { ...history, [remote]: stack });
  return previous;
}

/** Every build URL of an entry, for checks and origin rewrites. */
export function buildsOf(entry: RemoteEntry): BuildEntry[] {
  return 'variants' in entry ? Object.values(entry.variants) : [entry];
}

/** Points a registry's entries at the configured origins (ports may differ between runs). */
export function rebaseOrigins(registry: RegistryFile, originOf: (remote: string) => string): RegistryFile {
  const rebase = <T extends BuildEntry>(remote: string, build: T): T => {
    const moved = (address: string) => `${originOf(remote)}${new URL(address).pathname}`;
    return { ...build, entry: moved(build.entry), ...(build.ssr ? { ssr: moved(build.ssr) } : {}) };
  };
  const remotes = Object.fromEntries(
    Object.entries(registry.remotes).map(([remote, entry]) => {
      if (!('variants' in entry)) return [remote, rebase(remote, entry)];
      const variants = Object.fromEntries(Object.entries(entry.variants).map(([id, v]) => [id, rebase(remote, v)]));
      return [remote, { ...entry, variants }];
    }),
  );
  return { ...registry, remotes };
}
