import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Source (or built) files: what a module is made of. Tests are not. */
const CODE = /\.(ts|js|mjs|cjs)$/;
const TEST = /\.test\.|\/testing\//;

/**
 * A hash of the code that decides what a catalogue snapshot holds — the catalogue (loading,
 * pricing), the search engine (its columns and text) and the shared domain rules they use (VAT,
 * Omnibus, heat output): a snapshot written by another build is not read, since that build may
 * price or index the same rows differently. Computed once per process (~100 small files).
 */
export function codeFingerprint(): string {
  fingerprint ??= hashOf([path.resolve(__dirname, '..'), path.resolve(__dirname, '../../search'), domainFolder()]);
  return fingerprint;
}

let fingerprint: string | undefined;

/** @kaloryfer/domain's folder: its source in this repository, or its build where it is installed as a package. */
function domainFolder(): string {
  return path.dirname(require.resolve('@kaloryfer/domain'));
}

function hashOf(roots: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const root of roots) {
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((file) => CODE.test(file) && !TEST.test(`/${file}`)).sort();
    for (const file of files) hash.update(`${path.basename(root)}/${file}\0`).update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}
