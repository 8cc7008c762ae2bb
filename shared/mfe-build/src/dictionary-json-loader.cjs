// A dictionary module (`src/i18n/pl-PL.ts`, `shell.de-DE.ts`, `auth.it-IT.ts`: one object of
// words, its default export) reaches the browser as `JSON.parse('…')` instead of an object
// literal: V8 parses a JSON string much faster than the same object written as JavaScript
// (v8.dev/blog/cost-of-javascript-2019, "JSON.parse"), and a remote's words are most of what
// its language chunk holds (issue #51). Runs after swc (types gone). A dictionary made of
// others (`{ ...authWords, 'x': 'y' }`) names imports, cannot be read alone, and is left as is.
const vm = require('node:vm');

const DEFAULT_EXPORT = /^([\s\S]*?)\bconst ([A-Za-z_$][\w$]*) = (\{[\s\S]*\});?\s*export (?:default \2|\{ \2 as default \});?\s*$/;

/** The object `literal` stands for, when it is words alone (string keys, string values); else null. */
function wordsOf(literal) {
  let value;
  try {
    value = vm.runInNewContext(`(${literal})`, Object.create(null), { timeout: 1000 });
  } catch {
    return null; // it names something: an import, a spread
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([, text]) => typeof text === 'string') ? value : null;
}

/** A JavaScript string literal holding `text` in single quotes (JSON's double quotes stay unescaped). */
function singleQuoted(text) {
  return `'${text.replace(/[\\'\n\r\u2028\u2029]/g, (char) => ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r' })[char] ?? `\\u${char.charCodeAt(0).toString(16)}`)}'`;
}

function dictionaryToJson(source) {
  const match = DEFAULT_EXPORT.exec(source);
  if (!match) return source;
  const [, before, name, literal] = match;
  const words = wordsOf(literal);
  if (!words) return source;
  return `${before}const ${name} = JSON.parse(${singleQuoted(JSON.stringify(words))});\nexport default ${name};\n`;
}

module.exports = function dictionaryJsonLoader(source) {
  return dictionaryToJson(source);
};
module.exports.dictionaryToJson = dictionaryToJson;
