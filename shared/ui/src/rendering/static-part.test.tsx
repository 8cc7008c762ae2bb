import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { browserStaticPart, staticPart } from './static-part';

afterEach(() => document.body.replaceChildren());

/** A part as a remote writes it: the server (and jest) renders it inside its marker. */
function Body({ text }: { text: string }) {
  return (
    <div className="body">
      <h2 id="first">{text}</h2>
      <p>
        Dwa <strong>akapity</strong> tekstu.
      </p>
    </div>
  );
}
const ServerBody = staticPart('test-body', Body);

/** What the browser build puts in the module's place (static-part-loader.cjs): a loader of the module, counted. */
function browserBody() {
  const load = jest.fn(() => Promise.resolve({ default: ServerBody as ComponentType<{ text: string }> }));
  return { BrowserBody: browserStaticPart('test-body', load), load };
}

function Page({ Part, texts }: { Part: ComponentType<{ text: string }>; texts: string[] }) {
  return (
    <article>
      <h1>Artykuł</h1>
      {texts.map((text) => (
        <Part key={text} text={text} />
      ))}
      <button type="button">Dalej</button>
    </article>
  );
}

async function hydrate(container: HTMLElement, element: React.ReactElement) {
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (error) => errors.push(error) });
  });
  return errors;
}

test('hydrating keeps the server HTML of every part exactly, without loading its code', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Page Part={ServerBody} texts={['Jak dobrać moc', 'Gdzie montować']} />);
  const before = container.innerHTML;
  expect(before).toContain('data-static-part="test-body"');
  expect(container.querySelectorAll('[data-static-part]')).toHaveLength(2);
  const { BrowserBody, load } = browserBody();
  const errors = await hydrate(container, <Page Part={BrowserBody} texts={['Jak dobrać moc', 'Gdzie montować']} />);
  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe(before);
  expect(load).not.toHaveBeenCalled();
  // Each part kept its own text (markers found by their own ids).
  expect([...container.querySelectorAll('[data-static-part] h2')].map((h2) => h2.textContent)).toEqual(['Jak dobrać moc', 'Gdzie montować']);
});

test("a part whose marker is missing from the server's HTML is a mismatch the page reports", async () => {
  const container = document.body.appendChild(document.createElement('div'));
  // The server rendered the text without the marker (a part used without staticPart).
  container.innerHTML = renderToString(<Page Part={Body} texts={['Jak dobrać moc']} />);
  const { BrowserBody } = browserBody();
  const errors = await hydrate(container, <Page Part={BrowserBody} texts={['Jak dobrać moc']} />);
  expect(errors.length).toBeGreaterThan(0);
});

test('rendered afresh (a later navigation), the part loads its code and renders the text', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  const { BrowserBody, load } = browserBody();
  await act(async () => createRoot(container).render(<Page Part={BrowserBody} texts={['Grzejnik łazienkowy']} />));
  expect(load).toHaveBeenCalledTimes(1);
  expect(container.querySelector('[data-static-part] h2')?.textContent).toBe('Grzejnik łazienkowy');
  expect(container.querySelector('[aria-busy]')).toBeNull();
});

test('after hydration a new part (the next article) renders its own text, never the old one', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Page Part={ServerBody} texts={['Pierwszy']} />);
  const { BrowserBody, load } = browserBody();
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <Page Part={BrowserBody} texts={['Pierwszy']} />);
  });
  await act(async () => root.render(<Page Part={BrowserBody} texts={['Drugi']} />));
  expect(load).toHaveBeenCalledTimes(1);
  expect(container.querySelector('[data-static-part] h2')?.textContent).toBe('Drugi');
});

test('a hydrated part asked for other props (the same place, other content) renders them with its code', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<ServerBody text="Pierwszy" />);
  const { BrowserBody, load } = browserBody();
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <BrowserBody text="Pierwszy" />);
  });
  expect(load).not.toHaveBeenCalled();
  await act(async () => root.render(<BrowserBody text="Drugi" />));
  expect(load).toHaveBeenCalledTimes(1);
  expect(container.querySelector('h2')?.textContent).toBe('Drugi');
});
