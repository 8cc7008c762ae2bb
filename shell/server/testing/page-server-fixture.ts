import Fastify from 'fastify';
import { installSecurityHeaders } from '../../../api/public/page-parts';
import { installPageServer } from '../page-server';
import type { RegistryFeed } from '../registry-snapshot';

export interface TestPageServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The page server on a loopback port, behind the API's security headers, as the shop mounts it (public origin http://shop.test unless given). */
export async function startTestPageServer({
  publicOrigin = 'http://shop.test',
  ...options
}: {
  shellDist: string;
  registry: RegistryFeed;
  serverRender: boolean;
  publicOrigin?: string;
}): Promise<TestPageServer> {
  const app = Fastify();
  await installSecurityHeaders(app, { publicOrigin });
  const pages = await installPageServer(app, {
    ...options,
    apiOrigin: 'http://127.0.0.1:9',
    publicOrigin,
    renderCacheMs: 0,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: async () => {
      await pages.close();
      await app.close();
    },
  };
}
