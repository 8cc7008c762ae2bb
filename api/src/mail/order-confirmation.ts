import type { OrderAddress, ShopperOrder } from '@kaloryfer/api-contract';
import { escapeHtml, formatPhone, normalisePhone, SHOP_BANK_ACCOUNT } from '@kaloryfer/domain';
import { formatPln } from '@kaloryfer/i18n/format';
import type { MailMessage } from './outbox';

/** What happens next, by how the order is paid. */
export function paymentNote(order: ShopperOrder): string {
  if (order.paymentState === 'paid') return 'Płatność została przyjęta — dziękujemy.';
  switch (order.paymentMethod.code) {
    case 'cashondelivery':
      return `Zapłacisz ${formatPln(order.grandTotal)} przy odbiorze przesyłki.`;
    case 'payinstore':
      return `Zapłacisz ${formatPln(order.grandTotal)} w salonie przy odbiorze.`;
    case 'banktransfer':
      return `Prosimy o przelew ${formatPln(order.grandTotal)} na konto ${SHOP_BANK_ACCOUNT}, tytuł: „Zamówienie ${order.orderNumber}”. Wyślemy je po zaksięgowaniu wpłaty.`;
    default:
      return order.paymentState === 'failed'
        ? 'Płatność online nie powiodła się. Możesz ponowić ją ze strony zamówienia.'
        : 'Czekamy na potwierdzenie płatności online; napiszemy, gdy ją otrzymamy.';
  }
}

function addressLines(address: OrderAddress): string[] {
  const phone = address.telephone ? normalisePhone(address.telephone) : null;
  return [
    address.company?.trim() ? address.company.trim() : null,
    `${address.firstname} ${address.lastname}`,
    address.street.filter((line) => line.trim()).join(' '),
    `${address.postcode} ${address.city}`,
    address.vat_id ? `NIP: ${address.vat_id}` : null,
    phone ? `tel. ${formatPhone(phone)}` : null,
  ].filter((line): line is string => line !== null);
}

/**
 * The order confirmation (Polish, plain text and HTML with the same content). It reads the order
 * as the shopper sees it (the API contract's shape, as the thank-you page does), so the mail
 * never imports the orders module that queues it.
 */
export function orderConfirmation(order: ShopperOrder): MailMessage {
  const lines = order.items.map((item) => {
    const options = item.options.map((option) => `${option.label}: ${option.value}`).join(', ');
    return { text: `${item.name}${options ? ` (${options})` : ''}`, qty: item.qty, total: formatPln(item.rowTotalInclTax) };
  });
  const segments = order.segments.filter((segment) => segment.code !== 'tax').map((segment) => ({ title: segment.title, value: formatPln(segment.value) }));
  const vat = order.segments.find((segment) => segment.code === 'tax');
  const note = paymentNote(order);
  const subject = `Potwierdzenie zamówienia ${order.orderNumber} – Kaloryfer`;
  const text = [
    `Dziękujemy za zamówienie nr ${order.orderNumber}.`,
    '',
    ...lines.map((line) => `${line.qty} × ${line.text} — ${line.total}`),
    '',
    ...segments.map((segment) => `${segment.title}: ${segment.value}`),
    ...(vat ? [`w tym VAT: ${formatPln(vat.value)}`] : []),
    '',
    `Dostawa: ${order.shippingMethod.title}`,
    ...addressLines(order.shippingAddress),
    '',
    `Dane do faktury / płatnika:`,
    ...addressLines(order.billingAddress),
    '',
    `Płatność: ${order.paymentMethod.title}`,
    note,
    '',
    'Masz 14 dni na odstąpienie od umowy bez podania przyczyny.',
    'Kaloryfer — sklep z grzejnikami',
  ].join('\n');
  const list = (items: string[]) => items.map(escapeHtml).join('<br>');
  const html = `<!doctype html><html lang="pl"><body style="font-family:sans-serif">
<h1>Dziękujemy za zamówienie nr ${escapeHtml(order.orderNumber)}</h1>
<table><tbody>${lines.map((line) => `<tr><td>${line.qty} ×</td><td>${escapeHtml(line.text)}</td><td style="text-align:right">${escapeHtml(line.total)}</td></tr>`).join('')}</tbody>
<tfoot>${segments.map((segment) => `<tr><th colspan="2" style="text-align:left">${escapeHtml(segment.title)}</th><td style="text-align:right">${escapeHtml(segment.value)}</td></tr>`).join('')}</tfoot></table>
${vat ? `<p>w tym VAT: ${escapeHtml(formatPln(vat.value))}</p>` : ''}
<h2>Dostawa: ${escapeHtml(order.shippingMethod.title)}</h2><p>${list(addressLines(order.shippingAddress))}</p>
<h2>Dane do faktury / płatnika</h2><p>${list(addressLines(order.billingAddress))}</p>
<h2>Płatność: ${escapeHtml(order.paymentMethod.title)}</h2><p>${escapeHtml(note)}</p>
<p>Masz 14 dni na odstąpienie od umowy bez podania przyczyny.</p></body></html>`;
  return { to: order.email, subject, text, html };
}
