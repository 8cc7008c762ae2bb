import { linkTo } from '@kaloryfer/contracts';

/** A topic as the API accepts it (a slug); anything else is no topic at all. */
const TOPIC = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface AdviceQuery {
  topic: string | null;
  page: number;
}

/** `?topic=…&page=…` of /porady; a malformed topic or page is ignored (all topics, page 1). */
export function parseAdviceQuery(search: string): AdviceQuery {
  const params = new URLSearchParams(search);
  const topic = params.get('topic');
  const page = Number(params.get('page') ?? '1');
  return {
    topic: topic && TOPIC.test(topic) ? topic : null,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The canonical address of a list page: no topic and page 1 are left out. */
export function adviceListHref({ topic, page }: AdviceQuery): string {
  const params = new URLSearchParams();
  if (topic) params.set('topic', topic);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${linkTo({ name: 'advice' })}?${query}` : linkTo({ name: 'advice' });
}
