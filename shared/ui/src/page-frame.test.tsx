import { pageTitleChanged } from '@kaloryfer/contracts';
import { screen } from '@testing-library/react';
import { PageFrame } from './page-frame';
import { renderRemote } from './testing/render-remote';

const NS = { name: 'test', loaders: { 'pl-PL': async () => ({}) } };

test('a page frame has breadcrumbs from home, one h1, and sends its title to the shell', async () => {
  const titles: string[] = [];
  const off = pageTitleChanged.on(({ title }) => titles.push(title));
  await renderRemote(<PageFrame title="Akcesoria" crumbs={[{ label: 'Kategorie', intent: { name: 'categories' } }]} />, NS);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Akcesoria');
  const crumbs = screen.getByRole('navigation', { name: 'Okruszki' });
  expect(crumbs).toHaveTextContent('Strona głównaKategorieAkcesoria');
  expect(screen.getByRole('link', { name: 'Kategorie' })).toHaveAttribute('href', '/categories');
  expect(screen.getByText('Akcesoria', { selector: '[aria-current="page"]' })).toBeInTheDocument();
  expect(titles).toEqual(['Akcesoria']);
  off();
});

test('the home page has no breadcrumbs', async () => {
  await renderRemote(<PageFrame isHome title="Grzejniki" />, NS);
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
});
