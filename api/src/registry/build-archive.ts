import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/**
 * A build travels to the registry as one archive: a tar of the build's folder (the browser
 * build with its server build in `server/`), gzipped — what `tar czf - -C dist .` makes in any
 * CI. Reading it is strict: only regular files, only plain relative paths, bounded sizes, so a
 * malformed or hostile archive gets a clear 400 and touches nothing.
 */
export const ARCHIVE_LIMITS = {
  /** Compressed, as sent (the registry route's body limit). */
  bodyBytes: 64 * 1024 * 1024,
  /** All files unpacked (a gzip bomb stops here). */
  totalBytes: 128 * 1024 * 1024,
  fileBytes: 32 * 1024 * 1024,
  files: 4000,
  pathLength: 240,
};

export class ArchiveError extends Error {}

const SEGMENT = /^[A-Za-z0-9_@+~-][A-Za-z0-9._@+~-]*$/;

/** A path inside a build: relative, forward slashes, no `.`/`..`, no hidden tricks. */
export function safeBuildPath(name: string): string | null {
  const trimmed = name.replace(/^\.\//, '');
  if (trimmed === '' || trimmed.length > ARCHIVE_LIMITS.pathLength) return null;
  const segments = trimmed.split('/');
  return segments.every((segment) => SEGMENT.test(segment)) ? trimmed : null;
}

/** The files of a build archive (tar or tar.gz), by path. */
export async function readBuildArchive(body: Buffer): Promise<Map<string, Buffer>> {
  let tarBytes = body;
  if (body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b) {
    try {
      tarBytes = zlib.gunzipSync(body, { maxOutputLength: ARCHIVE_LIMITS.totalBytes + 1024 * 1024 });
    } catch (error) {
      throw new ArchiveError(`the archive is not valid gzip or unpacks to more than ${ARCHIVE_LIMITS.totalBytes} bytes (${(error as Error).message})`);
    }
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const fail = (message: string) => {
        stream.resume();
        extract.destroy(new ArchiveError(message));
      };
      if (header.type === 'directory') {
        stream.on('end', next);
        stream.resume();
        return;
      }
      if (header.type !== 'file') return fail(`${header.name}: only regular files may be published (found a ${header.type})`);
      const name = safeBuildPath(header.name);
      if (!name) return fail(`${header.name}: a build's paths are relative, with letters, digits and . _ - @ + ~ only`);
      if (files.has(name)) return fail(`${name}: the archive holds it twice`);
      if (files.size >= ARCHIVE_LIMITS.files) return fail(`the archive holds more than ${ARCHIVE_LIMITS.files} files`);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (data: unknown) => {
        const chunk = data as Buffer;
        size += chunk.length;
        total += chunk.length;
        if (size > ARCHIVE_LIMITS.fileBytes) extract.destroy(new ArchiveError(`${name} is larger than ${ARCHIVE_LIMITS.fileBytes} bytes`));
        else if (total > ARCHIVE_LIMITS.totalBytes) extract.destroy(new ArchiveError(`the archive unpacks to more than ${ARCHIVE_LIMITS.totalBytes} bytes`));
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        files.set(name, Buffer.concat(chunks));
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', (error: Error) =>
      reject(error instanceof ArchiveError ? error : new ArchiveError(`the archive is not a valid tar file (${error.message})`)),
    );
  });
  Readable.from([tarBytes]).pipe(extract);
  await done;
  if (files.size === 0) throw new ArchiveError('the archive holds no files');
  return files;
}

function filesUnder(root: string, dir = ''): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(root, relative);
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

/** Files as the registry takes them: a tar.gz, paths as given, in order. */
export async function packFiles(files: Map<string, Buffer>): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const [name, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    pack.entry({ name, size: bytes.length, mode: 0o644, mtime: new Date(0) }, bytes);
  }
  pack.finalize();
  await ended;
  return zlib.gzipSync(Buffer.concat(chunks), { level: 6 });
}

/** A build folder's files by path (what `packFiles` packs); `replace` swaps some files' bytes. */
export function readBuildFolder(dir: string, replace: Record<string, Buffer> = {}): Map<string, Buffer> {
  return new Map(filesUnder(dir).map((file) => [file, replace[file] ?? fs.readFileSync(path.join(dir, file))]));
}

/** A build folder as the registry takes it: tar.gz of every file under `dir`, paths relative to it. */
export function packBuild(dir: string, replace: Record<string, Buffer> = {}): Promise<Buffer> {
  return packFiles(readBuildFolder(dir, replace));
}
