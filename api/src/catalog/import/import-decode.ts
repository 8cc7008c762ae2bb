/**
 * A text file's bytes as text. Polish suppliers send UTF-8 (with or without a BOM), Windows-1250
 * (what Excel on a Polish Windows saves as "CSV") or ISO-8859-2 (older Unix systems and feeds).
 * The two legacy encodings agree on ł, ó, ę, ć, ń and ż but not on Ą ą Ś ś Ź ź, so a file holding
 * those reads as nonsense in the wrong one; which reads as Polish decides.
 */

import iconv from 'iconv-lite';
import type { ImportEncoding } from './import-profile';

export type Decoded = { ok: true; text: string; encoding: ImportEncoding } | { ok: false; reason: string };

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

const startsWith = (bytes: Buffer, prefix: number[]) => prefix.every((byte, at) => bytes[at] === byte);

/**
 * `chosen`: the operator's encoding (an option, a supplier's profile), used even when the text
 * reads oddly. `declared`: what the file says of itself (an XML declaration), trusted unless it
 * claims UTF-8 for bytes that are not. A UTF-8 BOM beats both: it cannot be anything else, and a
 * supplier who once sent Windows-1250 may send UTF-8 next time.
 */
export function decodeBytes(bytes: Buffer, chosen?: ImportEncoding, declared?: ImportEncoding): Decoded {
  if (UTF16_BOMS.some((bom) => startsWith(bytes, bom)))
    return { ok: false, reason: 'the file is UTF-16 (Excel\'s "Unicode text"): save it as "CSV UTF-8" or CSV and send it again' };
  if (startsWith(bytes, UTF8_BOM)) return decoded(bytes.subarray(UTF8_BOM.length), 'utf-8');
  if (chosen) return decoded(bytes, chosen);
  if (declared && (declared !== 'utf-8' || isUtf8(bytes))) return decoded(bytes, declared);
  return decoded(bytes, detectEncoding(bytes));
}

const decoded = (bytes: Buffer, encoding: ImportEncoding): Decoded => ({ ok: true, text: iconv.decode(bytes, encoding, { stripBOM: false }), encoding });

/** Text that is valid UTF-8 is UTF-8: a legacy file with any Polish letter almost never is. */
export function detectEncoding(bytes: Buffer): ImportEncoding {
  if (startsWith(bytes, UTF8_BOM) || isUtf8(bytes)) return 'utf-8';
  const iso = polishScore(iconv.decode(bytes, 'iso-8859-2'));
  // A tie (only the letters both share) is Windows-1250: what a Polish Windows writes.
  return iso > polishScore(iconv.decode(bytes, 'windows-1250')) ? 'iso-8859-2' : 'windows-1250';
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const POLISH_LETTERS = new Set('ąćęłńóśźżĄĆĘŁŃÓŚŹŻ');
/**
 * What else a Polish price list writes beyond ASCII: typography, units (°C, 600×1200, m²), €.
 * Not ± ¦ ¶ ¬ ˇ: those are what ą ś ź Ą read as in the wrong encoding.
 */
const PLAUSIBLE = new Set('\u00a0°×·²³µ½§©®™€–—„”“‘’…«»');

/**
 * How Polish a decoding reads: a point for each Polish letter, one off for each character
 * neither Polish nor plausible typography (a C1 control, Ľ, š, ±, an undefined byte's �).
 */
function polishScore(text: string): number {
  let score = 0;
  for (const char of text) {
    if (char < '\u0080') continue;
    if (POLISH_LETTERS.has(char)) score += 1;
    else if (!PLAUSIBLE.has(char)) score -= 1;
  }
  return score;
}

/** An encoding as files name it (`<?xml … encoding="CP1250"?>`); undefined for one the import does not read. */
export function encodingNamed(name: string): ImportEncoding | undefined {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (['utf8', 'usascii', 'ascii'].includes(key)) return 'utf-8';
  if (['windows1250', 'cp1250', 'win1250', 'xcp1250'].includes(key)) return 'windows-1250';
  if (['iso88592', 'latin2', 'l2', 'isoir101'].includes(key)) return 'iso-8859-2';
  return undefined;
}
