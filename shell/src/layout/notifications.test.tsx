import { claimWriter, navigationRequested } from '@kaloryfer/contracts';
import { i18n, I18nextProvider, initI18n } from '@kaloryfer/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationCenter } from '../behaviours/notification-center';
import { addShellNamespace } from '../i18n/shell-bundles';
import { Notifications } from './notifications';

beforeAll(async () => {
  await initI18n({ language: 'pl-PL' });
  addShellNamespace();
});

test('a cart success shows in Polish and its second action goes to checkout', async () => {
  const center = new NotificationCenter(claimWriter('notifications', 'shell'));
  const navigations: string[] = [];
  const off = navigationRequested.on(({ to }) => navigations.push(to));
  center.add({
    type: 'success',
    message: 'Product has been added to the cart!',
    action2: { label: 'Proceed to checkout', intent: { name: 'checkout' } },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Notifications onDismiss={(id) => center.remove(id)} />
    </I18nextProvider>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Produkt został dodany do koszyka!');
  await userEvent.click(screen.getByRole('button', { name: 'Przejdź do kasy' }));
  expect(navigations).toEqual(['/checkout']);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  off();
});

test('errors interrupt (role=alert) and OK dismisses', async () => {
  const center = new NotificationCenter(claimWriter('notifications', 'shell'));
  center.add({ type: 'error', message: "You've entered an incorrect coupon code" });
  render(
    <I18nextProvider i18n={i18n}>
      <Notifications onDismiss={(id) => center.remove(id)} />
    </I18nextProvider>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Wpisany kod rabatowy jest nieprawidłowy');
  await userEvent.click(screen.getByRole('button', { name: 'OK' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
