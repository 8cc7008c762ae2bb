import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * An area plugin whose decorations and hooks are the app's own, not kept inside the plugin:
 * for the edge, whose hooks must run for every route, and for an area whose services other
 * areas, tests and the page server reach as `app.<name>` (declared with `declare module
 * 'fastify'` beside the plugin). The flag is the one the fastify-plugin package sets. Routes
 * the plugin registers with `app.register` stay encapsulated as ever.
 */
export function unencapsulated<Options extends FastifyPluginOptions>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
