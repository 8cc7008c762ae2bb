import type { PageHead } from '@kaloryfer/contracts';
import { createContext, useContext } from 'react';

/**
 * What a server render learns while rendering, besides its HTML: the head the page frame
 * reports (in the browser it goes to the shell on the bus instead) and whether the page names
 * nothing (a not-found redirect). Null in the browser.
 */
export class ServerRenderContext {
  head: PageHead = {};
  redirect: { location: string; status: 200 | 404 } | null = null;
  /** The route pages' chunks the render drew (routePage): the page server hints their files. */
  readonly pages = new Set<string>();

  reportHead(head: PageHead): void {
    this.head = { ...this.head, ...head };
  }

  /**
   * The page is shown at another address: its canonical route (status 200), or page-not-found
   * with nf when it names nothing (404). The page server renders that route in its place and
   * the browser shows its address — as the browser's own navigation would.
   */
  relocate(location: string, status: 200 | 404): void {
    this.redirect = { location, status };
  }
}

export const ServerRender = createContext<ServerRenderContext | null>(null);

export function useServerRender(): ServerRenderContext | null {
  return useContext(ServerRender);
}
