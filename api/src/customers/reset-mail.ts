import { escapeHtml } from '@kaloryfer/domain';
import type { MailMessage } from '../mail';

export const RESET_SUBJECT = 'Ustaw nowe hasło – Kaloryfer';

/** The storefront page that takes the link (spec §2 `/create-password`). */
export function resetLink(publicOrigin: string, email: string, resetToken: string): string {
  const query = new URLSearchParams({ email, resetToken });
  return `${publicOrigin}/create-password?${query.toString()}`;
}

/** The password reset e-mail (Polish, plain text and HTML with the same content). */
export function passwordResetMail(to: { email: string; firstname: string }, link: string, validMinutes: number): MailMessage {
  const text = [
    `Dzień dobry ${to.firstname},`,
    '',
    'otrzymaliśmy prośbę o ustawienie nowego hasła do Twojego konta w sklepie Kaloryfer.',
    'Aby ustawić nowe hasło, otwórz link:',
    link,
    '',
    `Link działa przez ${validMinutes} minut i tylko raz.`,
    'Jeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian.',
    '',
    'Kaloryfer — sklep z grzejnikami',
  ].join('\n');
  const html = `<!doctype html><html lang="pl"><body style="font-family:sans-serif">
<p>Dzień dobry ${escapeHtml(to.firstname)},</p>
<p>otrzymaliśmy prośbę o ustawienie nowego hasła do Twojego konta w sklepie Kaloryfer.</p>
<p><a href="${escapeHtml(link)}">Ustaw nowe hasło</a></p>
<p>Link działa przez ${validMinutes} minut i tylko raz. Jeśli przycisk nie działa, skopiuj adres do przeglądarki:<br>${escapeHtml(link)}</p>
<p>Jeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian.</p>
<p>Kaloryfer — sklep z grzejnikami</p>
</body></html>`;
  return { to: to.email, subject: RESET_SUBJECT, text, html };
}
