import { linkTo } from '@kaloryfer/contracts';

/** The history's page from the address (`?page=2`); anything else is the first page. */
export function pageFromSearch(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address of a page of the history: the first page is the section's own address. */
export const ordersPageHref = (page: number) => {
  const base = linkTo({ name: 'my-account', section: 'orders' });
  return page <= 1 ? base : `${base}?${new URLSearchParams({ page: String(page) })}`;
};

/**
 * Which page numbers to offer: all of them when there are few, otherwise the first, the last and
 * the current one with its neighbours; `null` marks a gap ("…").
 */
export function pageWindow(current: number, last: number): (number | null)[] {
  if (last <= 7) return Array.from({ length: last }, (_, index) => index + 1);
  const shown = [...new Set([1, current - 1, current, current + 1, last])].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);
  return shown.flatMap((page, index) => (index > 0 && page - shown[index - 1] > 1 ? [null, page] : [page]));
}
