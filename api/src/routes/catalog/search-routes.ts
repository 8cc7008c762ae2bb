import type { FastifyInstance } from 'fastify';
import type { GroupTokens } from '../../auth/group-token';
import type { Catalog } from '../../catalog/catalog';
import { ApiError } from '../../http/envelope';
import { parseSearch, SearchQueryError, type RawSearch } from '../../search/query-parser';
import { forGroup } from './product-fields';

const INDEX = /^vue_storefront_catalog(_[a-z]{2})?$/;

type Params = { index: string; type: string };
type Query = Record<string, string | undefined>;

/**
 * Catalogue search (spec §7, vue-storefront-api `/api/catalog/{index}/{type}/_search`): POST
 * with the search query in the body, or GET with it in `request=` (kept for compatibility:
 * long filter lists belong in a POST). Answers `{items, total, start, perPage, aggregations}`.
 */
export async function searchRoutes(app: FastifyInstance, { catalog, groupTokens }: { catalog: Catalog; groupTokens: GroupTokens }) {
  const run = async (params: Params, raw: RawSearch, groupToken: unknown) => {
    if (!INDEX.test(params.index)) throw new ApiError(404, `Unknown catalogue index: ${params.index}`);
    // A group token (issued at login) outranks a plain groupId: it is the server's own word.
    if (groupToken !== undefined && groupToken !== null && groupToken !== '') {
      const groupId = typeof groupToken === 'string' ? groupTokens.read(groupToken) : null;
      if (groupId === null) throw new ApiError(400, 'groupToken is not valid: sign in again');
      raw = { ...raw, groupId };
    }
    let request;
    try {
      request = parseSearch(raw);
    } catch (error) {
      if (error instanceof SearchQueryError) throw new ApiError(400, error.message);
      throw error;
    }
    await catalog.ensureCurrent();
    const response = await catalog.engine.search(request);
    if (request.type === 'product') response.items = response.items.map((item) => forGroup(item, request.groupId));
    return response;
  };

  const fromQuery = (type: string, query: Query, body: Record<string, unknown> = {}): RawSearch => ({
    type,
    query: body.query ?? body.searchQuery ?? ('_appliedFilters' in body || '_searchText' in body || '_availableFilters' in body ? body : query.request),
    from: body.from ?? body.start ?? query.from ?? query.start,
    size: body.size ?? query.size,
    sort: body.sort ?? query.sort,
    include: body._sourceInclude ?? body.includeFields ?? body._source_include ?? query._source_include ?? query._sourceInclude ?? query.includeFields,
    exclude: body._sourceExclude ?? body.excludeFields ?? body._source_exclude ?? query._source_exclude ?? query._sourceExclude ?? query.excludeFields,
    groupId: body.groupId ?? query.groupId ?? query.userGroupId,
    heatAt: body.heatAt ?? query.heatAt,
  });

  app.get<{ Params: Params; Querystring: Query }>('/api/catalog/:index/:type/_search', {
    schema: { summary: 'Catalogue search (GET, request= holds the search query)', tags: ['catalogue'] },
  }, async (request) => run(request.params, fromQuery(request.params.type, request.query), request.query.groupToken));

  app.post<{ Params: Params; Querystring: Query; Body: unknown }>('/api/catalog/:index/:type/_search', {
    schema: { summary: 'Catalogue search (POST body: the search query with paging, sort and field selection)', tags: ['catalogue'] },
  }, async (request) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'the body must be a JSON object (the search query)');
    const fields = body as Record<string, unknown>;
    return run(request.params, fromQuery(request.params.type, request.query, fields), fields.groupToken ?? request.query.groupToken);
  });
}
