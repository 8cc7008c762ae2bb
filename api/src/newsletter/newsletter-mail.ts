import { escapeHtml } from '@kaloryfer/domain';
import type { ConsentText } from '@kaloryfer/domain/newsletter';
import type { MailMessage } from '../mail';

export const CONFIRM_SUBJECT = 'Potwierdź zapis do newslettera – Kaloryfer';
export const COUPON_SUBJECT = 'Twój kod rabatowy -10% – Kaloryfer';
export const WELCOME_BACK_SUBJECT = 'Zapis do newslettera potwierdzony – Kaloryfer';
const SIGNATURE = 'Kaloryfer — sklep z grzejnikami';

/** The confirmation link (double opt-in): the API confirms and sends the shopper to the shop's page. */
export function confirmLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/api/ext/newsletter/confirm?${new URLSearchParams({ token }).toString()}`;
}

/** The double opt-in e-mail (Polish, plain text and HTML with the same content): the link and the consent it confirms. */
export function confirmationMail(to: string, link: string, consent: ConsentText, validHours: number): MailMessage {
  const text = [
    'Dzień dobry,',
    '',
    'dziękujemy za zapis do newslettera sklepu Kaloryfer. Aby go potwierdzić, otwórz link:',
    link,
    '',
    `Link działa przez ${validHours} godzin i tylko raz. Newsletter zaczniemy wysyłać dopiero po potwierdzeniu — wtedy też otrzymasz kod rabatowy -10% na zakupy.`,
    '',
    'Potwierdzając, wyrażasz zgodę o treści:',
    `„${consent.text}” (wersja z ${consent.version})`,
    '',
    'Jeśli to nie Ty podałeś ten adres, zignoruj tę wiadomość — bez potwierdzenia nie wyślemy nic więcej.',
    '',
    SIGNATURE,
  ].join('\n');
  const html = `<!doctype html><html lang="pl"><body style="font-family:sans-serif">
<p>Dzień dobry,</p>
<p>dziękujemy za zapis do newslettera sklepu Kaloryfer. Aby go potwierdzić, kliknij:</p>
<p><a href="${escapeHtml(link)}">Potwierdzam zapis do newslettera</a></p>
<p>Link działa przez ${validHours} godzin i tylko raz. Jeśli przycisk nie działa, skopiuj adres do przeglądarki:<br>${escapeHtml(link)}</p>
<p>Newsletter zaczniemy wysyłać dopiero po potwierdzeniu — wtedy też otrzymasz kod rabatowy -10% na zakupy.</p>
<p>Potwierdzając, wyrażasz zgodę o treści:</p>
<blockquote>${escapeHtml(consent.text)}<br><small>(wersja z ${escapeHtml(consent.version)})</small></blockquote>
<p>Jeśli to nie Ty podałeś ten adres, zignoruj tę wiadomość — bez potwierdzenia nie wyślemy nic więcej.</p>
<p>${SIGNATURE}</p>
</body></html>`;
  return { to, subject: CONFIRM_SUBJECT, text, html };
}

/**
 * After the confirmation: the unique 10 % code (spec §9) — or, for an address that had one
 * before (subscribed again after leaving), the thanks without a second code.
 */
export function couponMail(to: string, coupon: { code: string; used: boolean }, shopOrigin: string): MailMessage {
  const unsubscribe =
    'Zgodę możesz wycofać w każdej chwili: linkiem w każdym newsletterze, w ustawieniach konta (Newsletter) lub pisząc na sklep@kaloryfer.pl.';
  if (coupon.used) {
    const text = [
      'Dzień dobry,',
      '',
      'Twój zapis do newslettera sklepu Kaloryfer jest potwierdzony — dziękujemy!',
      'Kod rabatowy za zapis do newslettera wydajemy raz na adres e-mail i ten adres już go wykorzystał.',
      '',
      unsubscribe,
      '',
      SIGNATURE,
    ].join('\n');
    const html = `<!doctype html><html lang="pl"><body style="font-family:sans-serif">
<p>Dzień dobry,</p>
<p>Twój zapis do newslettera sklepu Kaloryfer jest potwierdzony — dziękujemy!</p>
<p>Kod rabatowy za zapis do newslettera wydajemy raz na adres e-mail i ten adres już go wykorzystał.</p>
<p>${escapeHtml(unsubscribe)}</p>
<p>${SIGNATURE}</p>
</body></html>`;
    return { to, subject: WELCOME_BACK_SUBJECT, text, html };
  }
  const text = [
    'Dzień dobry,',
    '',
    'Twój zapis do newslettera sklepu Kaloryfer jest potwierdzony — dziękujemy!',
    '',
    `Twój kod rabatowy: ${coupon.code}`,
    'Daje 10% rabatu na jedno zamówienie: wpisz go w koszyku w polu „Kod rabatowy”. Kod jest jednorazowy i tylko dla Ciebie.',
    `Zakupy: ${shopOrigin}/`,
    '',
    unsubscribe,
    '',
    SIGNATURE,
  ].join('\n');
  const html = `<!doctype html><html lang="pl"><body style="font-family:sans-serif">
<p>Dzień dobry,</p>
<p>Twój zapis do newslettera sklepu Kaloryfer jest potwierdzony — dziękujemy!</p>
<p>Twój kod rabatowy:</p>
<p style="font-size:1.5em;font-weight:bold;letter-spacing:0.1em">${escapeHtml(coupon.code)}</p>
<p>Daje 10% rabatu na jedno zamówienie: wpisz go w koszyku w polu „Kod rabatowy”. Kod jest jednorazowy i tylko dla Ciebie.</p>
<p><a href="${escapeHtml(`${shopOrigin}/`)}">Przejdź do sklepu</a></p>
<p>${escapeHtml(unsubscribe)}</p>
<p>${SIGNATURE}</p>
</body></html>`;
  return { to, subject: COUPON_SUBJECT, text, html };
}
