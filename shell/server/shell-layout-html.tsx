import type { i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { ShellLayout } from '../src/layout/ShellLayout';
import { slotMarker } from '../src/layout/ServerSlot';

/**
 * The shell's own frame (header, sidebar, regions, footer) as HTML, by the shell's own
 * components, with a marker where each region's HTML goes. It depends on the language and the
 * year only, so it is rendered once per pair.
 */
export class ShellLayoutHtml {
  private readonly cache = new Map<string, string>();

  render(i18n: I18n, year: number): string {
    const key = `${i18n.language} ${year}`;
    let html = this.cache.get(key);
    if (html === undefined) {
      html = renderToString(
        <I18nextProvider i18n={i18n}>
          <ShellLayout mounter={null} year={year} markers onDismissNotification={() => undefined} />
        </I18nextProvider>,
      );
      this.cache.set(key, html);
    }
    return html;
  }
}

/** Puts a region's HTML where its marker is. */
export function fillSlot(layout: string, slotId: string, html: string): string {
  return layout.replace(slotMarker(slotId), () => html);
}
