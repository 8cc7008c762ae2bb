import type { SeoContext, XmlChunks } from '../seo-context';

/** The Google Merchant Center product feed (RSS 2.0, `g:` namespace). Being written (issue #50). */
export function* googleMerchantFeed(context: SeoContext): XmlChunks {
  void context;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel></channel></rss>\n';
}
