import { claimWriter } from '@kaloryfer/contracts';
import { formatPln } from '@kaloryfer/i18n';

/** The shop's money format as the page reads (its no-break spaces read as spaces). */
const pln = (amount: number) => formatPln(amount).replace(/\s/g, ' ');
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from '../pages/content-routes';
import { preloadAllRoutePages } from '../pages/route-pages';
import { instalmentPlan } from './pay-later-terms';

// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

const route = claimWriter('route', 'shell');

test('/placepozniej explains paying later: how, the limits side by side, a worked example in złoty', async () => {
  route.set({ path: '/placepozniej', search: '', hash: '', name: 'placepozniej', params: {}, previousPath: null, isBack: false });
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Płacę później i raty');
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'Jak to działa',
    'Płatność za 30 dni czy raty?',
    'Przykład',
    'Zwroty',
  ]);
  // The methods by the names the checkout shows.
  expect(screen.getByText('W kroku płatności wybierz „PayU – płacę później” albo „Raty PayU”.')).toBeInTheDocument();

  const compare = screen.getByRole('table', { name: 'Porównanie płatności odroczonej i rat' });
  expect(
    within(compare)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['PayU – płacę później', 'Raty PayU']);
  const amounts = within(compare).getByRole('row', { name: /Wartość zamówienia/ });
  expect(amounts).toHaveTextContent(`od ${pln(100)} do ${pln(2000)}`);
  expect(amounts).toHaveTextContent(`od ${pln(300)} do ${pln(50000)}`);

  expect(
    screen.getByText(
      `Grzejnik drabinkowy za ${pln(1249)} z płatnością „PayU – płacę później”: płacisz ${pln(1249)} w ciągu 30 dni, a dodatkowy koszt wynosi ${pln(0)}.`,
    ),
  ).toBeInTheDocument();
  const example = screen.getByRole('table', { name: `Raty 0% przy zakupie za ${formatPln(4200)}` });
  expect(
    within(example)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
  ).toEqual([
    ['5', formatPln(840), formatPln(4200)],
    ['10', formatPln(420), formatPln(4200)],
    ['20', formatPln(210), formatPln(4200)],
  ]);
  expect(screen.getByRole('link', { name: 'Wszystkie metody płatności' })).toHaveAttribute('href', '/i/platnosci');
});

test('equal 0% instalments, exact to the grosz: the last one takes the rounding', () => {
  expect(instalmentPlan(4200, 10)).toEqual({ instalment: 420, last: 420, total: 4200 });
  expect(instalmentPlan(1000, 3)).toEqual({ instalment: 333.33, last: 333.34, total: 1000 });
});
