/**
 * Text put into the generated XML files (sitemaps): every value goes through `xmlText` or
 * `xmlAttribute` — never concatenated as it is. Characters XML 1.0 cannot carry at all (control
 * characters but tab, line feed and carriage return; lone surrogates; U+FFFE, U+FFFF) are dropped:
 * a file with one of them would not parse, and no crawler could read any of it.
 */

const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Element content: `&`, `<` and `>` as entities. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>]/g, (char) => ENTITIES[char]);
}

/** An attribute's value (written between double quotes): quotes too, and line breaks and tabs as references (an attribute's whitespace is normalised otherwise). */
export function xmlAttribute(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (char) => ENTITIES[char])
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** `<name>text</name>` with the text escaped. */
export function element(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}
