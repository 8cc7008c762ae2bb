/**
 * A wholesaler's XML feed: a list of record elements, one per product —
 * `<produkty><produkt><indeks>…</indeks><cena_brutto>…</cena_brutto></produkt>…</produkty>`, a
 * Ceneo-like `<offers><o id="…" price="…" stock="…"><name>…</name></o>…</offers>`, a Google
 * Merchant `<rss><channel><item><g:id>…`. A record's attributes and child elements are its
 * columns, named as written (without a namespace prefix); Ceneo's `<attrs><a name="EAN">…</a></attrs>`
 * gives a column per name. Records are numbered from 1 in the order the file holds them.
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fileProblem, UnreadableCell, type SourceRecord, type TableRead } from './import-table';

const ATTRIBUTE = '@_';
const TEXT = '#text';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  // Values stay text, as a CSV's: "0590" is an EAN, not 590; import-rows.ts reads numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // &amp; &lt; &#261; &nbsp;: feeds escape text as HTML does (numeric references need this too). Entities a DOCTYPE declares never get here (below).
  htmlEntities: true,
});

/** Tried first, in this order, when the profile does not name the record element. */
const RECORD_NAMES = ['produkt', 'product', 'item', 'offer', 'o', 'pozycja', 'towar'];

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="windows-1250"?>`), as written. */
export function declaredXmlEncoding(bytes: Buffer): string | undefined {
  // The declaration is ASCII in every encoding the import reads.
  return /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']/.exec(bytes.subarray(0, 200).toString('latin1'))?.[1];
}

/** `recordName`: the element holding one product (a profile's `xml.record`); found by itself otherwise. */
export function readXmlTable(source: string, recordName: string | undefined): TableRead {
  // Feeds a script writes often start with a stray line break, which strict XML refuses before `<?xml`.
  const text = source.trimStart();
  // A DTD's entities are how one line becomes gigabytes ("billion laughs"); a product feed needs none.
  if (/<!ENTITY/i.test(text)) return fileProblem('the XML declares entities (<!ENTITY …>): a product feed needs none, and the import does not expand them');
  const valid = XMLValidator.validate(text);
  if (valid !== true) return fileProblem(`not valid XML: ${valid.err.msg} (line ${valid.err.line}${valid.err.col ? `, column ${valid.err.col}` : ''})`);
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch (error) {
    return fileProblem(`not readable XML: ${(error as Error).message}`);
  }
  const name = recordName ?? recordNameIn(document);
  if (name === undefined)
    return fileProblem("no repeated element to read as products: name the element that holds one product in the supplier's profile (xml.record)");
  const elements = elementsNamed(document, name);
  if (elements.length === 0)
    return fileProblem(`no <${name}> element in the file: name the element that holds one product in the supplier's profile (xml.record)`);
  return { ok: true, table: tableOf(elements.map(columnsOf)) };
}

type XmlElement = Record<string, unknown>;

const isElement = (value: unknown): value is XmlElement => typeof value === 'object' && value !== null && !Array.isArray(value);
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Child elements by name, each with its occurrences (the parser gives one occurrence alone, several as an array). */
function childrenOf(element: XmlElement): [string, unknown[]][] {
  return Object.entries(element)
    .filter(([key]) => key !== TEXT && !key.startsWith(ATTRIBUTE))
    .map(([key, value]) => [key, Array.isArray(value) ? value : [value]]);
}

/**
 * A known name (the shallowest), else the element repeated most under one parent — a list of
 * products is one parent's long run of siblings, while a product's own repeated parts (images,
 * parameters) are short runs under many parents.
 */
function recordNameIn(document: unknown): string | undefined {
  const found = new Map<string, { depth: number; run: number }>();
  const visit = (element: XmlElement, depth: number) => {
    for (const [name, occurrences] of childrenOf(element)) {
      const elements = occurrences.filter(isElement);
      if (elements.length === 0) continue;
      const seen = found.get(name) ?? { depth, run: 0 };
      found.set(name, { depth: Math.min(seen.depth, depth), run: Math.max(seen.run, elements.length) });
      elements.forEach((child) => visit(child, depth + 1));
    }
  };
  if (isElement(document)) visit(document, 0);
  const names = [...found.entries()];
  const known = names
    .filter(([name]) => RECORD_NAMES.some((candidate) => sameName(candidate, name)))
    .sort(([a, first], [b, second]) => first.depth - second.depth || knownRank(a) - knownRank(b));
  if (known.length > 0) return known[0][0];
  const repeated = names.filter(([, { run }]) => run > 1).sort(([, first], [, second]) => second.run - first.run || first.depth - second.depth);
  return repeated[0]?.[0];
}

const knownRank = (name: string) => RECORD_NAMES.findIndex((candidate) => sameName(candidate, name));

/** Every element of that name (case aside) in document order, not looking inside one found. */
function elementsNamed(document: unknown, name: string): unknown[] {
  const elements: unknown[] = [];
  const visit = (element: XmlElement) => {
    for (const [child, occurrences] of childrenOf(element)) {
      if (sameName(child, name)) elements.push(...occurrences);
      else occurrences.filter(isElement).forEach(visit);
    }
  };
  if (isElement(document)) visit(document);
  return elements;
}

/** A record's columns: its attributes, then its child elements. */
function columnsOf(record: unknown): [string, unknown][] {
  if (!isElement(record)) return [];
  const attributes = Object.entries(record)
    .filter(([key]) => key.startsWith(ATTRIBUTE))
    .map(([key, value]): [string, unknown] => [key.slice(ATTRIBUTE.length), String(value).trim()]);
  const children = childrenOf(record).flatMap(([name, occurrences]): [string, unknown][] => {
    if (occurrences.length > 1) return [[name, new UnreadableCell(`<${name}> appears ${occurrences.length} times in one record`)]];
    return namedValues(occurrences[0]) ?? [[name, textOf(name, occurrences[0])]];
  });
  return [...attributes, ...children];
}

/** Ceneo's `<attrs><a name="EAN">…</a><a name="Producent">…</a></attrs>`: one column per name. */
function namedValues(element: unknown): [string, unknown][] | null {
  if (!isElement(element)) return null;
  const children = childrenOf(element);
  if (children.length !== 1) return null;
  const [[name, items]] = children;
  if (!items.every((item) => isElement(item) && typeof item[`${ATTRIBUTE}name`] === 'string')) return null;
  return (items as XmlElement[]).map((item) => [String(item[`${ATTRIBUTE}name`]), textOf(name, item)]);
}

function textOf(name: string, element: unknown): unknown {
  if (!isElement(element)) return String(element).trim();
  if (childrenOf(element).length > 0) return new UnreadableCell(`<${name}> holds elements, not a value`);
  return String(element[TEXT] ?? '').trim();
}

/** Headers: every column some record has, in the order they first appear. */
function tableOf(records: [string, unknown][][]): { headerRow: null; headers: string[]; records: SourceRecord[] } {
  const headerIndex = new Map<string, number>();
  const rows = records.map((columns, index) => {
    const values: unknown[] = [];
    for (const [name, value] of columns) {
      if (!headerIndex.has(name)) headerIndex.set(name, headerIndex.size);
      const at = headerIndex.get(name)!;
      values[at] = values[at] === undefined ? value : new UnreadableCell(`"${name}" appears twice in one record`);
    }
    return { row: index + 1, values };
  });
  return { headerRow: null, headers: [...headerIndex.keys()], records: rows };
}
