/**
 * The page server preloads the route remote's chunks from the page's head (docs/rendering.md,
 * "Route-level code"). When that remote's entry fails to load (its files are down), the runtime
 * never asks for those chunks, and Chromium keeps each failed preload waiting for the request
 * that would use it: the shopper's retry, asking for the same addresses, would be handed the
 * stored failures. So the failed build's chunk preloads are used up here, by the requests they
 * wait for — scripts with the same address, integrity and CORS mode — and the retry reaches
 * the network. (A chunk that does arrive meanwhile only registers its modules for the
 * container to find, as any chunk loaded ahead of it does.)
 */
export function spendFailedPreloads(entry: string, base: string = document.baseURI): number {
  const folder = new URL('.', new URL(entry, base)).href;
  const entryUrl = new URL(entry, base);
  entryUrl.search = '';
  let used = 0;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')) {
    if (!link.href.startsWith(folder) || link.href === entryUrl.href) continue;
    const script = document.createElement('script');
    script.src = link.href;
    const integrity = link.getAttribute('integrity');
    if (integrity) script.setAttribute('integrity', integrity);
    if (link.crossOrigin !== null) script.crossOrigin = link.crossOrigin;
    script.onload = script.onerror = () => script.remove();
    link.remove();
    document.head.appendChild(script);
    used += 1;
  }
  return used;
}
