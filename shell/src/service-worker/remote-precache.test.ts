import { buildFilesOf } from './remote-precache';

test("a build's files: its entry and every exposed module's scripts and stylesheets, loaded at once or on demand, each once, by absolute address", () => {
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        assets: {
          js: { sync: ['__federation_expose_app.1a2b3c4d.js'], async: ['product-page.aaaa1111.js', 'words-en-US.bbbb2222.js'] },
          css: { sync: [], async: ['product-page.cccc3333.css'] },
        },
      },
      {
        assets: {
          js: { sync: ['__federation_expose_SearchButton.dddd4444.js', 'words-en-US.bbbb2222.js'], async: [] },
          css: { sync: ['search.eeee5555.css'], async: [] },
        },
      },
    ],
  };
  expect(buildFilesOf('http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/', manifest)).toEqual([
    'http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/remoteEntry.js',
    'http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/__federation_expose_app.1a2b3c4d.js',
    'http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/product-page.aaaa1111.js',
    'http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/words-en-US.bbbb2222.js',
    'http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/product-page.cccc3333.css',
    'http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/__federation_expose_SearchButton.dddd4444.js',
    'http://localhost:3000/mfe/catalog/9c1000a3242b7cbd/search.eeee5555.css',
  ]);
});

test('an entry in a folder of its own, and a manifest that names nothing else', () => {
  expect(buildFilesOf('https://cdn.team.test/cart/1.4.0/', { metaData: { remoteEntry: { name: 'entry.js', path: '/static/' } } })).toEqual([
    'https://cdn.team.test/cart/1.4.0/static/entry.js',
  ]);
  expect(buildFilesOf('https://cdn.team.test/cart/1.4.0/', {})).toEqual(['https://cdn.team.test/cart/1.4.0/remoteEntry.js']);
});
