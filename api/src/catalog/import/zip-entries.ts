/**
 * The names of a ZIP archive's entries in the order their data lies in the file — the order a
 * reader that streams the archive meets them — read from its central directory (the index at the
 * archive's end). Undefined when there is none to read (not a ZIP, a truncated one, ZIP64: an
 * import file is at most 16 MiB and never needs it); the caller then reads the archive whole.
 */
export function entriesInFileOrder(bytes: Buffer): string[] | undefined {
  // The end-of-central-directory record: 22 bytes, then a comment of at most 65,535.
  const end = bytes.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0 || end + 22 > bytes.length) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) return undefined;
  const entries: { name: string; offset: number }[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({ name: bytes.toString('utf8', at + 46, at + 46 + nameLength), offset: bytes.readUInt32LE(at + 42) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries.sort((a, b) => a.offset - b.offset).map((entry) => entry.name);
}

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const DIRECTORY_ENTRY = 0x02014b50;
