import fs from 'node:fs';
import path from 'node:path';

/** What the shell's build gives every page: its scripts, and its stylesheet's text to inline. */
export interface ShellAssets {
  scripts: string[];
  css: string;
}

const CHECK_EVERY_MS = 1000;

async function read(file: string): Promise<string> {
  return fs.promises.readFile(file, 'utf8').catch(() => '');
}

/**
 * The shell's built index.html names its entry scripts and stylesheet (rspack's HTML plugin
 * writes it); read again when the build changes (npm run dev rebuilds the shell in place).
 */
export function shellAssetsFrom(shellDist: string, now: () => number = Date.now): () => Promise<ShellAssets> {
  const index = path.join(shellDist, 'index.html');
  let cached: { version: string; assets: ShellAssets; checkedAt: number } | null = null;
  return async () => {
    // The shell is rebuilt in place only in development: a look at the file each second will do.
    if (cached && now() - cached.checkedAt < CHECK_EVERY_MS) return cached.assets;
    const version = await fs.promises.stat(index).then(
      (stat) => `${stat.ino}:${stat.size}:${stat.mtimeMs}`,
      () => 'missing',
    );
    if (cached?.version === version) {
      cached.checkedAt = now();
      return cached.assets;
    }
    const html = await read(index);
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g)].map((match) => match[1]);
    const styles = [...html.matchAll(/<link[^>]*\shref="([^"]+\.css)"[^>]*>/g)].map((match) => match[1]);
    const css = (await Promise.all(styles.map((href) => read(path.join(shellDist, href.replace(/^\//, '')))))).join('\n');
    cached = { version, assets: { scripts, css }, checkedAt: now() };
    return cached.assets;
  };
}
