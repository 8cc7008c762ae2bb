import { CatalogSearchGet, CatalogSearchPost, type CatalogSearchQuery } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifySerializerCompiler } from 'fastify';
import type { GroupTokens } from '../auth/group-token';
import type { Catalog } from './catalog';
import { ApiError } from '../http/envelope';
import { parseElasticsearchSearch } from '../search';
import { parseSearch, SearchQueryError, type RawSearch } from '../search';
import { readSearchRequest, type SearchInput } from '../search';
import { answerJson } from '../search';
import type { SearchRequest } from '../search';
import type { ReviewSearch } from './catalog-ports';
import { forGroup } from './product-fields';

const INDEX = /^vue_storefront_catalog(_[a-z]{2})?$/;

type Params = { index: string; type: string };

/**
 * The answer is written as JSON text (search/search-answer.ts: each document serialised once for
 * both `items` and `hits`), so Fastify never serialises a 200 through its schema, which is there
 * for the contract and OpenAPI (api/test/vsf-search.test.ts checks answers against it). No
 * serialiser is compiled from the large document schemas; the error envelopes are plain JSON.
 */
const asJson: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * Catalogue search (spec §7, vue-storefront-api `/api/catalog/{index}/{type}/_search`): POST
 * with the search in the body, or GET with it in `request=`. Three request formats
 * (search/request-format.ts): the spec's search query, VSF's `request_format=search-query`,
 * and an Elasticsearch body (VSF's default adapter), translated. Every answer carries the
 * spec's `{items, total, start, perPage, aggregations}` and Elasticsearch's `hits`
 * (search/search-answer.ts).
 */
export async function searchRoutes(
  app: FastifyInstance,
  { catalog, groupTokens, reviewSearch }: { catalog: Catalog; groupTokens: GroupTokens; reviewSearch: ReviewSearch },
) {
  const run = async (params: Params, input: SearchInput, reply: FastifyReply) => {
    if (!INDEX.test(params.index)) throw new ApiError(404, `Unknown catalogue index: ${params.index}`);
    let raw: RawSearch = input.raw;
    // A group token (issued at login) outranks a plain groupId: it is the server's own word.
    if (input.groupToken !== undefined && input.groupToken !== null && input.groupToken !== '') {
      const groupId = typeof input.groupToken === 'string' ? groupTokens.read(input.groupToken) : null;
      if (groupId === null) throw new ApiError(400, 'groupToken is not valid: sign in again');
      raw = { ...raw, groupId };
    }
    let request: SearchRequest;
    let aggregationNames: Record<string, string> | undefined;
    try {
      if (input.elasticsearch) {
        const translated = parseElasticsearchSearch(raw, input.elasticsearch);
        request = translated;
        aggregationNames = translated.aggregationNames;
      } else {
        request = parseSearch(raw);
      }
    } catch (error) {
      if (error instanceof SearchQueryError) throw new ApiError(400, error.message);
      throw error;
    }
    await catalog.ensureCurrent();
    let response;
    try {
      response = request.type === 'review' ? await reviewSearch(request) : await catalog.engine.search(request);
    } catch (error) {
      if (error instanceof SearchQueryError) throw new ApiError(400, error.message);
      throw error;
    }
    if (request.type === 'product') response.items = response.items.map((item) => forGroup(item, request.groupId));
    return reply
      .type('application/json; charset=utf-8')
      .send(answerJson(response, { index: params.index, type: params.type, format: input.format, withHits: input.withHits, aggregationNames }));
  };

  const readInput = (params: Params, query: CatalogSearchQuery, body: unknown): SearchInput => {
    try {
      return readSearchRequest(params.type, query, body);
    } catch (error) {
      if (error instanceof SearchQueryError) throw new ApiError(400, error.message);
      throw error;
    }
  };

  // GET only: a POST answer is not kept by HTTP caches (the service worker keeps its own copy).
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/api/catalog/:index/:type/_search',
    { config: { cache: 'catalog' }, schema: CatalogSearchGet, serializerCompiler: asJson },
    async (request, reply) => run(request.params, readInput(request.params, request.query, undefined), reply),
  );

  typed.post('/api/catalog/:index/:type/_search', { schema: CatalogSearchPost, serializerCompiler: asJson }, async (request, reply) =>
    run(request.params, readInput(request.params, request.query, request.body), reply),
  );
}
