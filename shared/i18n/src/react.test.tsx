import { act, render, screen } from '@testing-library/react';
import { addWords, createI18n } from './instance';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from './react';

function Greeting() {
  const { t } = useTranslation('demo');
  return (
    <p>
      {t('hello', { name: 'Anna' })} · {t('OK', { ns: 'messages' })}
    </p>
  );
}

async function instance(language: string) {
  const created = createI18n(language);
  addWords(created, 'pl-PL', 'demo', { hello: 'Dzień dobry, {name}' });
  addWords(created, 'pl-PL', 'messages', { OK: 'OK' });
  addWords(created, 'en-US', 'demo', { hello: 'Good morning, {name}' });
  addWords(created, 'en-US', 'messages', { OK: 'Fine' });
  return created;
}

test("a component says its namespace's words in the instance's language and follows a switch", async () => {
  const i18n = await instance('pl-PL');
  render(
    <I18nextProvider i18n={i18n}>
      <Greeting />
    </I18nextProvider>,
  );
  expect(screen.getByText('Dzień dobry, Anna · OK')).toBeInTheDocument();
  await act(() => i18n.changeLanguage('en-US'));
  expect(screen.getByText('Good morning, Anna · Fine')).toBeInTheDocument();
});

test("words added later (a remote's namespace) show without a remount", async () => {
  const i18n = await instance('pl-PL');
  render(
    <I18nextProvider i18n={i18n}>
      <p>{'x'}</p>
      <Late />
    </I18nextProvider>,
  );
  expect(screen.getByText('late.key')).toBeInTheDocument();
  act(() => {
    addWords(i18n, 'pl-PL', 'late', { 'late.key': 'Już jest' });
  });
  expect(screen.getByText('Już jest')).toBeInTheDocument();
});

function Late() {
  const { t } = useTranslation('late');
  return <span>{t('late.key')}</span>;
}

test('a server render in each language: two instances never mix', async () => {
  const [polish, english] = await Promise.all([instance('pl-PL'), instance('en-US')]);
  expect(
    renderToString(
      <I18nextProvider i18n={polish}>
        <Greeting />
      </I18nextProvider>,
    ),
  ).toContain('Dzień dobry');
  expect(
    renderToString(
      <I18nextProvider i18n={english}>
        <Greeting />
      </I18nextProvider>,
    ),
  ).toContain('Good morning');
});
