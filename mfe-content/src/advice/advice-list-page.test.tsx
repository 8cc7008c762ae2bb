import { claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, within } from '@testing-library/react';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from '../pages/content-routes';
import { preloadAllRoutePages } from '../pages/route-pages';
import { ARTICLES, standInApi, type Sent } from './testing/advice-test-api';

// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

/** /porady as a shopper uses it, against the stand-in API: cards, the topic filter in the URL, pages. */
const route = claimWriter('route', 'shell');
const goTo = (search = '') => route.set({ path: '/porady', search, hash: '', name: 'advice', params: {}, previousPath: null, isBack: false });
const adviceRequests = (sent: Sent[]) => sent.filter((request) => request.url.pathname === '/api/advice');

let sent: Sent[];
beforeEach(() => {
  sent = standInApi();
});

const cards = () => screen.getAllByRole('article').filter((element) => element.classList.contains('advice-card'));

test('cards: title linking to the article, topic, lead cut at 150 characters on a word, reading time and date', async () => {
  goTo();
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Porady');
  await screen.findByRole('link', { name: 'Grzejniki do pompy ciepła' });
  expect(cards()).toHaveLength(12);
  expect(screen.getByText('14 porad')).toBeInTheDocument();

  const first = cards()[0];
  expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Grzejniki do pompy ciepła');
  expect(within(first).getByRole('link')).toHaveAttribute('href', '/porady/grzejniki-do-pompy-ciepla');
  expect(within(first).getByText('Pompy ciepła')).toBeInTheDocument();
  expect(within(first).getByText('2 minuty czytania')).toBeInTheDocument();
  expect(within(first).getByText('16 listopada 2026')).toHaveAttribute('datetime', '2026-11-16');

  const lead = first.querySelector('.advice-card-lead')!.textContent!;
  expect(ARTICLES[0].lead.length).toBeGreaterThan(150);
  expect(lead.length).toBeLessThanOrEqual(150);
  expect(lead.endsWith('…')).toBe(true);
  const kept = lead.slice(0, -1);
  expect(ARTICLES[0].lead.startsWith(kept)).toBe(true);
  expect(ARTICLES[0].lead.slice(kept.length)).toMatch(/^[,;:]?\s/); // cut between words (a dangling comma dropped), not inside one

  // A short lead stays whole; Polish plurals for the reading time.
  expect(within(cards()[1]).getByText('Krótki wstęp porady 2.')).toBeInTheDocument();
  expect(within(cards()[1]).getByText('1 minuta czytania')).toBeInTheDocument();
  expect(within(cards()[2]).getByText('5 minut czytania')).toBeInTheDocument();
  // The drawing is decoration: nothing for assistive technology.
  expect(first.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
});

test('the topic filter lives in the URL: links to ?topic=…, the chosen topic filtered and marked; an unknown topic shows all', async () => {
  goTo();
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  const topics = await screen.findByRole('navigation', { name: 'Tematy porad' });
  expect(within(topics).getByRole('link', { name: 'Wszystkie tematy (14)' })).toHaveAttribute('aria-current', 'page');
  const bathroom = within(topics).getByRole('link', { name: 'Łazienka (5)' });
  expect(bathroom).toHaveAttribute('href', '/porady?topic=lazienka');

  // Following the link changes the route (the shell turns the click into a navigation).
  await act(async () => goTo('?topic=lazienka'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Porady: Łazienka' })).toBeInTheDocument();
  await screen.findByText('5 porad');
  expect(adviceRequests(sent).at(-1)!.url.searchParams.get('topic')).toBe('lazienka');
  expect(cards()).toHaveLength(5);
  for (const card of cards()) expect(within(card).getByText('Łazienka')).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Tematy porad' })).getByRole('link', { name: 'Łazienka (5)' })).toHaveAttribute('aria-current', 'page');

  await act(async () => goTo('?topic=nie-ma-takiego'));
  await screen.findByText('14 porad');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Porady$/);
  expect(within(screen.getByRole('navigation', { name: 'Tematy porad' })).getByRole('link', { name: 'Wszystkie tematy (14)' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(
    adviceRequests(sent)
      .slice(-2)
      .map((request) => request.url.searchParams.get('topic')),
  ).toEqual(['nie-ma-takiego', null]);
});

test('paging: 12 a page, page links with rel and the current page marked, ?page=2 asks from 12', async () => {
  goTo();
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  const pager = await screen.findByRole('navigation', { name: 'Strony z poradami' });
  expect(within(pager).getByRole('link', { name: 'Strona 1' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager).getByRole('link', { name: 'Strona 2' })).toHaveAttribute('href', '/porady?page=2');
  expect(within(pager).getByRole('link', { name: 'Następna' })).toHaveAttribute('rel', 'next');
  expect(within(pager).queryByRole('link', { name: 'Poprzednia' })).not.toBeInTheDocument();

  await act(async () => goTo('?page=2'));
  await screen.findByRole('link', { name: 'Porada numer 13' });
  expect(cards()).toHaveLength(2);
  expect(adviceRequests(sent).at(-1)!.url.searchParams.get('from')).toBe('12');
  const second = screen.getByRole('navigation', { name: 'Strony z poradami' });
  expect(within(second).getByRole('link', { name: 'Strona 2' })).toHaveAttribute('aria-current', 'page');
  expect(within(second).getByRole('link', { name: 'Poprzednia' })).toHaveAttribute('href', '/porady');
  expect(within(second).getByRole('link', { name: 'Poprzednia' })).toHaveAttribute('rel', 'prev');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Porady – strona 2');
});

test('a topic with one page has no pager; a page past the end offers the first page', async () => {
  goTo('?topic=montaz&page=3');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(await screen.findByText('Na tej stronie nie ma już porad.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Przejdź do pierwszej strony' })).toHaveAttribute('href', '/porady?topic=montaz');
  expect(screen.queryByRole('navigation', { name: 'Strony z poradami' })).not.toBeInTheDocument();
});
