import type { Review, ReviewCreated, ReviewSummary } from '@kaloryfer/api-contract';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { ok, reviewPage } from '../testing/catalog-answers';
import { RatingLink, Reviews } from './reviews';

/** The reviews section against a stand-in for the shop API at the fetch boundary (api/test/reviews.test.ts covers the API). */
const review = (id: number, rating: number, day: number): Review => ({
  id,
  rating,
  nickname: `Klient ${id}`,
  title: `Opinia ${id}`,
  detail: 'Grzeje równo.\nMontaż prosty.',
  created_at: `2026-10-${String(day).padStart(2, '0')}T10:00:00.000Z`,
});
const summary: ReviewSummary = { average: 4.3, count: 12, histogram: [1, 0, 1, 3, 7] };
const first = [5, 4, 3, 2, 1].map((day, index) => review(100 - index, 5, day + 20));
const sent: { url: string; body?: unknown }[] = [];
const CREATED: ReviewCreated = { id: 1, status: 'pending' };
let createAnswer: { status: number; result: ReviewCreated | string } = { status: 200, result: CREATED };

beforeEach(() => {
  sent.length = 0;
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const href = String(url);
    const json = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload }) as Response;
    sent.push({ url: href, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (href.startsWith('/api/review/list/')) {
      const items = [1, 2, 3, 4, 5, 6, 7].map((index) => review(90 - index, 4, 10 - index));
      return json(200, ok(reviewPage(summary, items, 5, 10)));
    }
    return json(createAnswer.status, { code: createAnswer.status, result: createAnswer.result });
  }) as typeof fetch;
});

test('average, spread per star and the newest reviews; "show more" loads the next page from where the list ends', async () => {
  await renderRemote(<Reviews productId={42} initial={{ summary, items: first }} />, CATALOG_NAMESPACE);
  const section = screen.getByRole('region', { name: 'Opinie klientów' });
  expect(within(section).getAllByRole('img', { name: 'Średnia ocena: 4,3 na 5' })).toHaveLength(1);
  expect(section).toHaveTextContent('na podstawie 12 opinii');
  const spread = within(section).getByRole('list', { name: 'Liczba opinii według oceny' });
  expect(
    within(spread)
      .getAllByRole('listitem')
      .map((row) => row.textContent),
  ).toEqual(['5 gwiazdek7', '4 gwiazdki3', '3 gwiazdki1', '2 gwiazdki0', '1 gwiazdka1']);
  expect(within(section).getAllByRole('article')).toHaveLength(5);
  const firstReview = within(section).getByRole('article', { name: 'Opinia 100' });
  expect(within(firstReview).getByRole('img', { name: 'Ocena: 5 na 5' })).toBeInTheDocument();
  expect(firstReview).toHaveTextContent('Klient 100, 25 października 2026');

  await userEvent.click(within(section).getByRole('button', { name: 'Pokaż więcej opinii (5 z 12)' }));
  await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(12));
  expect(sent[0].url).toBe('/api/review/list/42?from=5&size=10');
  await waitFor(() => expect(within(section).getByRole('article', { name: 'Opinia 89' }).parentElement).toHaveFocus()); // the first new one
  expect(within(section).queryByRole('button', { name: /Pokaż więcej/ })).not.toBeInTheDocument();
});

test("a review sent without stars (Vue Storefront 1's form has none) is shown without stars", async () => {
  const unrated: Review = { ...review(7, 5, 3), rating: null };
  await renderRemote(<Reviews productId={42} initial={{ summary: { ...summary, count: 13 }, items: [unrated, ...first] }} />, CATALOG_NAMESPACE);
  const article = screen.getByRole('article', { name: 'Opinia 7' });
  expect(within(article).queryByRole('img')).not.toBeInTheDocument();
  expect(article).toHaveTextContent('Klient 7, 3 października 2026');
});

test('the form asks for every field with the spec message, then sends the review and thanks with a moderation note', async () => {
  await renderRemote(<Reviews productId={42} initial={{ summary: { average: null, count: 0, histogram: [0, 0, 0, 0, 0] }, items: [] }} />, CATALOG_NAMESPACE);
  expect(screen.getByText('Ten produkt nie ma jeszcze opinii. Podziel się swoją jako pierwszy.')).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Napisz opinię' });
  await userEvent.click(within(form).getByRole('button', { name: 'Wyślij opinię' }));
  expect(form).toHaveTextContent('Wybierz ocenę od 1 do 5 gwiazdek.');
  expect(within(form).getAllByText('To pole jest wymagane')).toHaveLength(3);
  expect(within(form).getByRole('radio', { name: '1 gwiazdka' })).toHaveFocus();
  expect(sent).toHaveLength(0);

  await userEvent.click(within(form).getByRole('radio', { name: '4 gwiazdki' }));
  await userEvent.type(within(form).getByLabelText('Podpis (widoczny przy opinii)'), 'Ola');
  await userEvent.type(within(form).getByLabelText('Tytuł opinii'), 'Ciepło w łazience');
  await userEvent.type(within(form).getByLabelText('Treść opinii'), 'Ręczniki schną szybko.');
  await userEvent.click(within(form).getByRole('button', { name: 'Wyślij opinię' }));
  const thanks = await screen.findByRole('status');
  expect(thanks).toHaveTextContent('Dziękujemy za opinię! Pojawi się na stronie po sprawdzeniu przez nasz zespół.');
  expect(sent).toEqual([
    {
      url: '/api/review/create',
      body: { review: { product_id: 42, rating: 4, nickname: 'Ola', title: 'Ciepło w łazience', detail: 'Ręczniki schną szybko.' } },
    },
  ]);
  await waitFor(() => expect(thanks).toHaveFocus());
});

test('a refused review keeps what was typed and says why', async () => {
  createAnswer = { status: 400, result: 'review.title must not be blank' };
  await renderRemote(<Reviews productId={42} initial={{ summary, items: first }} />, CATALOG_NAMESPACE);
  const form = screen.getByRole('form', { name: 'Napisz opinię' });
  await userEvent.click(within(form).getByRole('radio', { name: '5 gwiazdek' }));
  await userEvent.type(within(form).getByLabelText('Podpis (widoczny przy opinii)'), 'Ola');
  await userEvent.type(within(form).getByLabelText('Tytuł opinii'), 'x');
  await userEvent.type(within(form).getByLabelText('Treść opinii'), 'Treść');
  await userEvent.click(within(form).getByRole('button', { name: 'Wyślij opinię' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Nie udało się wysłać opinii: review.title must not be blank');
  expect(within(form).getByLabelText('Treść opinii')).toHaveValue('Treść');
  createAnswer = { status: 200, result: { id: 1, status: 'pending' } };
});

test('the rating link under the product name: stars, average and count, or an invitation', async () => {
  const { unmount } = await renderRemote(<RatingLink summary={{ average: 4.5, count: 2, histogram: [0, 0, 0, 1, 1] }} />, CATALOG_NAMESPACE);
  expect(screen.getByRole('link', { name: '4,5 (2 opinie)' })).toHaveAttribute('href', '#product-reviews');
  unmount();
  await renderRemote(<RatingLink summary={{ average: null, count: 0, histogram: [0, 0, 0, 0, 0] }} />, CATALOG_NAMESPACE);
  expect(screen.getByRole('link', { name: 'Oceń ten produkt jako pierwszy' })).toBeInTheDocument();
});
