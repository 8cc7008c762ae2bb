import type { SeoContext, XmlChunks } from '../seo-context';

/** Ceneo's offer feed (`<offers>`). Being written (issue #50). */
export function* ceneoFeed(context: SeoContext): XmlChunks {
  void context;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<offers xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1"></offers>\n';
}
