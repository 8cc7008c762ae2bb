import { BUILT_IN_REMOTES, type RemoteDefinition } from '@kaloryfer/contracts';
import type { I18n } from '@kaloryfer/i18n';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from '@kaloryfer/i18n';
import { ShellLayout } from '../src/layout/shell-layout';
import { SLOT_MARKER } from '../src/layout/server-slot';
import type { PagePart } from './html';

/** The shell's frame cut at its slots: `parts[i]`, slot `slots[i]`, `parts[i + 1]`, … */
export interface LayoutTemplate {
  parts: string[];
  slots: string[];
  /** `parts` as UTF-8, encoded once with the template: every page carries them. */
  encoded: Buffer[];
}

/**
 * The shell's own frame (header, sidebar, regions, footer) as HTML, by the shell's own
 * components, cut where each region's HTML goes. It depends on the language, the year and the
 * shop's remotes only (which regions and slots there are), so it is rendered once per such triple.
 */
export class ShellLayoutHtml {
  private readonly cache = new Map<string, LayoutTemplate>();

  render(i18n: I18n, year: number, remotes: readonly RemoteDefinition[] = BUILT_IN_REMOTES): LayoutTemplate {
    const key = `${i18n.language} ${year} ${JSON.stringify(remotes.slice(BUILT_IN_REMOTES.length))}`;
    let template = this.cache.get(key);
    if (template === undefined) {
      const html = renderToString(
        <I18nextProvider i18n={i18n}>
          <ShellLayout mounter={null} remotes={remotes} year={year} markers onDismissNotification={() => undefined} />
        </I18nextProvider>,
      );
      const pieces = html.split(SLOT_MARKER);
      const parts = pieces.filter((_, index) => index % 2 === 0);
      template = { parts, slots: pieces.filter((_, index) => index % 2 === 1), encoded: parts.map((part) => Buffer.from(part, 'utf8')) };
      this.cache.set(key, template);
    }
    return template;
  }
}

/** The frame with each slot's HTML in place (a slot not given stays empty), as the page's parts. */
export function fillLayout(template: LayoutTemplate, html: Record<string, PagePart>): PagePart[] {
  const out: PagePart[] = [template.encoded[0]];
  template.slots.forEach((slot, index) => out.push(html[slot] ?? '', template.encoded[index + 1]));
  return out;
}
