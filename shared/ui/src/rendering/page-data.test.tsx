import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useState } from 'react';
import { PageData, PageDataProvider, usePageData } from './page-data';

/** The browser side of the handoff: hydrating with the server's values asks for nothing. */
function Listing({ category }: { category: string }) {
  const listing = usePageData(`listing-${category}`, async () => {
    loads.push(category);
    return [`${category} 1`, `${category} 2`];
  });
  if (listing.status !== 'ready') return <p aria-busy="true">…</p>;
  return (
    <ul>
      {listing.value.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

let loads: string[];
let choose: (category: string) => void = () => undefined;
function Page() {
  const [category, setCategory] = useState('akcesoria');
  choose = setCategory;
  return <Listing category={category} />;
}

beforeEach(() => {
  loads = [];
});

test("hydration takes the server's values: no load, no mismatch; a later change loads afresh", async () => {
  const entries = { 'listing-akcesoria': { value: ['akcesoria 1', 'akcesoria 2'] } };
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <PageDataProvider data={new PageData(entries)}>
      <Page />
    </PageDataProvider>,
  );
  const serverList = container.querySelector('ul');
  const errors: unknown[] = [];
  const data = new PageData(entries);
  await act(async () => {
    hydrateRoot(
      container,
      <PageDataProvider data={data}>
        <Page />
      </PageDataProvider>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  data.close();
  expect(errors).toEqual([]);
  expect(loads).toEqual([]);
  expect(container.querySelector('ul')).toBe(serverList);
  await act(async () => choose('zawory'));
  expect(loads).toEqual(['zawory']);
  expect(container.textContent).toBe('zawory 1zawory 2');
});

test('after hydration the values serve no one: coming back to the first view loads it again', async () => {
  const data = new PageData({ 'listing-akcesoria': { value: ['old'] } });
  data.take('listing-akcesoria');
  data.close();
  expect(data.take('listing-akcesoria')).toBeUndefined();
});

test('on the server, a missing value is asked for once per key and what the render read is handed over', async () => {
  const data = new PageData({ seen: { value: 1 }, unused: { value: 2 } }, true);
  const first = jest.fn(async () => 'a');
  data.want('missing', first);
  data.want('missing', async () => 'b');
  data.take('seen');
  expect(data.takeWanted()).toEqual([['missing', first]]);
  expect(data.takeWanted()).toEqual([]);
  expect(data.used()).toEqual({ seen: { value: 1 } });
});
