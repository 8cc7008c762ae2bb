import vm from 'node:vm';
const { dictionaryToJson } = require('../src/dictionary-json-loader.cjs') as { dictionaryToJson: (source: string) => string };

/** The default export of a module as swc leaves it (ES module syntax turned into a value for the check). */
function exported(source: string): unknown {
  const body = source.replace(/^export default (\w+);?$/m, 'result = $1;').replace(/^export \{ (\w+) as default \};?$/m, 'result = $1;');
  const context: { result?: unknown } = {};
  vm.runInNewContext(body, context);
  return context.result;
}

const words = {
  'home.title': 'Grzejniki dekoracyjne, łazienkowe i pokojowe',
  'product.download': '{title} ({kind})',
  'it.quote': "L'acqua calda: 'virgolette' e \\ barra",
  'multi.line': 'pierwsza\nd\u2028ruga',
};

describe('dictionaryToJson: a dictionary module reaches the browser as JSON.parse of its words', () => {
  it.each([
    ['export default NAME', `const catalogPl = ${JSON.stringify(words, null, 4)};\nexport default catalogPl;\n`],
    ['export { NAME as default }', `const catalogEn = ${JSON.stringify(words)};\nexport { catalogEn as default };\n`],
    [
      'single-quoted keys, a trailing comma',
      `const w = {\n    'home.title': 'Grzejniki dekoracyjne, łazienkowe i pokojowe',\n    'product.download': '{title} ({kind})',\n    'it.quote': "L'acqua calda: 'virgolette' e \\\\ barra",\n    'multi.line': 'pierwsza\\nd\\u2028ruga',\n};\nexport default w;\n`,
    ],
  ])('%s: the same words, now one JSON.parse call', (_name, source) => {
    const output = dictionaryToJson(source);
    expect(output).toMatch(/= JSON\.parse\('\{/);
    expect(exported(output)).toEqual(words);
  });

  it('leaves a dictionary made of other dictionaries as it is (it names imports)', () => {
    const source =
      "import authWords from './auth.pl-PL';\nconst accountPl = {\n    ...authWords,\n    'account.title': 'Moje konto'\n};\nexport default accountPl;\n";
    expect(dictionaryToJson(source)).toBe(source);
  });

  it('leaves a module that is not one object of words as it is', () => {
    for (const source of [
      'export const LANGUAGES = ["pl-PL"];\n',
      'const count = { total: 3 };\nexport default count;\n',
      'const words = {};\nexport default words;\n',
      "const f = { 'a': 'b' };\nexport default f;\nexport const other = 1;\n",
    ]) {
      expect(dictionaryToJson(source)).toBe(source);
    }
  });
});
