/**
 * Test support for a remote's own tests (`@kaloryfer/ui/testing`): render a remote's component
 * with its words registered, hear what it asks of the shell, and hand it the page data or the
 * server render a page would. Never imported by shipped code (lint: no-restricted-imports).
 */
export { renderRemote } from './render-remote';
export { recordShellRequests } from './shell-requests';
export { PageDataProvider } from '../rendering/page-data';
export { ServerRender, ServerRenderContext } from '../rendering/server-render-context';
