/**
 * How the generated files (sitemaps, product feeds) write text into XML (UTF-8, XML 1.0): every value escaped, characters
 * XML 1.0 cannot carry (C0 controls but tab, line feed and carriage return; lone surrogates;
 * U+FFFE and U+FFFF) dropped, and C1 controls with them — no feed reader shows them.
 */

// Without the `u` flag on purpose: a lone surrogate half is one code unit to match.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Anything a value may need changed for: most have nothing, and are taken as they are. */
const TEXT_CHECK = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ATTRIBUTE_CHECK = /[&<>"'\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/;
const CDATA_CHECK = /\]\]>|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/;
const TEXT_SPECIAL = /[&<>]/g;
const ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r]/g;
const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // An attribute's value is normalised by XML parsers (whitespace becomes spaces) unless written as references.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const entity = (character: string) => ENTITY[character];

/** Drops the characters XML 1.0 (or a reader) cannot take. */
export function xmlSafe(value: string): string {
  return value.replace(NOT_XML, '');
}

/** Element text: `&`, `<` and `>` as entities. */
export function xmlText(value: string): string {
  if (!TEXT_CHECK.test(value)) return value;
  return xmlSafe(value).replace(TEXT_SPECIAL, entity);
}

/** An attribute's value (written between double quotes): quotes and whitespace as references too. */
export function xmlAttribute(value: string): string {
  if (!ATTRIBUTE_CHECK.test(value)) return value;
  return xmlSafe(value).replace(ATTRIBUTE_SPECIAL, entity);
}

/** A CDATA section; a `]]>` in the text ends one section and starts the next between its `]]` and `>`. */
export function cdata(value: string): string {
  if (!CDATA_CHECK.test(value)) return `<![CDATA[${value}]]>`;
  return `<![CDATA[${xmlSafe(value).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** `<name>text</name>`, nothing when there is no value. */
export function element(name: string, value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  return `<${name}>${xmlText(String(value))}</${name}>`;
}

/**
 * A writer that gives the same value's XML again without writing it anew (the value compared
 * as `===`): a product's variants follow each other in a feed and share their texts.
 */
export function remembering<T>(write: (value: T) => string): (value: T) => string {
  let last: T | undefined;
  let written = '';
  return (value) => {
    if (value !== last || written === '') {
      last = value;
      written = write(value);
    }
    return written;
  };
}

/**
 * Items' XML gathered into chunks of about `maxChars` characters between a head and a tail: what
 * a feed generator yields, so a feed of 100,000 products is never one string (seo-context.ts).
 * Small on purpose: V8 puts a string over 128 KB (64K characters of Polish text, two bytes each)
 * straight into the old generation, where it waits for a full collection — at 100,000 products
 * that garbage took the writer's memory up by 200 MB and more per run (docs/seo.md); a chunk this
 * size lives and dies in the young generation.
 */
export const CHUNK_CHARS = 24 * 1024;

export function* chunked(head: string, items: Iterable<string>, tail: string, maxChars = CHUNK_CHARS): Generator<string> {
  let chunk = head;
  for (const item of items) {
    chunk += item;
    if (chunk.length >= maxChars) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + tail;
}
