// The browser build's stand-in for a static part (`*.static.tsx`, docs/rendering.md "What hydrates
// when"): the module's code stays out of every chunk a page loads first. In its place the page gets
// `browserStaticPart`, which keeps the server's HTML while hydrating and loads the real module (a
// chunk of its own, `static-<name>`) only to render the part afresh. The part's stylesheets stay
// with the stand-in: the server's HTML needs them.
const path = require('node:path');

const NAME = /\bstaticPart\(\s*['"]([a-z][\w-]*)['"]/;
const OTHER_EXPORT = /^export\s+(?!default\b)/m;
const STYLESHEET = /^import\s+['"][^'"]+\.css['"];?\s*$/gm;

module.exports = function staticPartLoader(source) {
  const file = path.relative(this.rootContext ?? process.cwd(), this.resourcePath);
  const name = NAME.exec(source)?.[1];
  if (!name) throw new Error(`${file}: a static part's module has staticPart('name', Component) as its default export (docs/rendering.md)`);
  if (OTHER_EXPORT.test(source)) throw new Error(`${file}: a static part's module exports its part alone (the browser never gets the module)`);
  const full = JSON.stringify(`./${path.basename(this.resourcePath)}?full`);
  return [
    ...(source.match(STYLESHEET) ?? []),
    "import { browserStaticPart } from '@kaloryfer/ui';",
    `export default browserStaticPart(${JSON.stringify(name)}, () => import(/* webpackChunkName: ${JSON.stringify(`static-${name}`)} */ ${full}));`,
    '',
  ].join('\n');
};
