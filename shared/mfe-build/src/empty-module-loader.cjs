// Server builds ignore stylesheets: the browser build ships them (and the page server inlines them).
module.exports = function emptyModule() {
  return 'export {};';
};
