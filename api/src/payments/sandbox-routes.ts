import { escapeHtml } from '@kaloryfer/domain';
import { randomBytes } from 'node:crypto';
import { formatPln } from '@kaloryfer/i18n/format';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BLIK_CODE, SANDBOX_PATH, type SandboxGateway, type SandboxPayment } from './sandbox-gateway';

const BLIK_METHOD = 'payu_blik';

/**
 * The sandbox page's policy: its one inline stylesheet by nonce, no script at all, never framed,
 * and its form may post only to itself — and be redirected from there to the shop's origin the
 * payment returns to (browsers check form-action on the redirect too).
 */
export function sandboxPageDirectives(nonce: string, returnOrigin: string | null): Record<string, string[]> {
  return {
    'default-src': ["'none'"],
    'style-src': [`'nonce-${nonce}'`],
    'img-src': ["'self'"],
    'form-action': returnOrigin ? ["'self'", returnOrigin] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
  };
}

/** The sandbox gateway's own page, in Polish like a Polish gateway's: pay, decline, or a BLIK code. */
export function sandboxPage(payment: SandboxPayment, token: string, nonce: string, problem?: string): string {
  const blik = payment.method === BLIK_METHOD;
  const amount = formatPln(payment.amountGrosze / 100);
  return `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bramka płatności (sandbox) – zamówienie ${escapeHtml(payment.orderNumber)}</title>
<style nonce="${escapeHtml(nonce)}">
body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.note{background:#fff4d6;border:1px solid #c9a227;padding:.5rem .75rem;border-radius:4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
label{display:block;font-weight:600;margin-top:1rem}input{font-size:1.25rem;letter-spacing:.2em;padding:.4rem;width:8rem}
.error{color:#a40000;font-weight:600}
.actions{display:flex;gap:1rem;margin-top:1.5rem;flex-wrap:wrap}
button{font-size:1rem;padding:.7rem 1.2rem;border-radius:4px;border:2px solid #0b5394;cursor:pointer}
button[value=pay]{background:#0b5394;color:#fff}button[value=fail]{background:#fff;color:#0b5394}
button:focus-visible,input:focus-visible{outline:3px solid #e69500;outline-offset:2px}
</style></head>
<body><main>
<h1>Bramka płatności – sandbox</h1>
<p class="note">To środowisko testowe: żadne pieniądze nie zostaną pobrane.</p>
<dl><dt>Sklep</dt><dd>Kaloryfer</dd><dt>Zamówienie</dt><dd>${escapeHtml(payment.orderNumber)}</dd>
<dt>Kwota</dt><dd>${escapeHtml(amount)}</dd><dt>E-mail</dt><dd>${escapeHtml(payment.email)}</dd></dl>
<form method="post" action="${SANDBOX_PATH}" novalidate>
<input type="hidden" name="t" value="${escapeHtml(token)}">
${
  blik
    ? `<label for="blik">Kod BLIK (6 cyfr z aplikacji banku)</label>
<input id="blik" name="blik" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="\\d{6}" aria-describedby="blik-error"${problem ? ' aria-invalid="true" autofocus' : ''}>
<p id="blik-error" class="error" role="alert">${problem ? escapeHtml(problem) : ''}</p>`
    : ''
}
<div class="actions">
<button type="submit" name="action" value="pay">Zapłać ${escapeHtml(amount)}</button>
<button type="submit" name="action" value="fail" formnovalidate>Odrzuć płatność</button>
</div></form></main></body></html>`;
}

/** GET shows the page for a signed payment; POST is the shopper's decision (a form post, as on a real gateway). */
export async function sandboxRoutes(app: FastifyInstance, { gateway }: { gateway: SandboxGateway }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** A page with its own CSP (http/security-headers.ts gives the API's do-nothing one to everything else). */
  const html = (reply: FastifyReply, status: number, page: (nonce: string) => string, payment: SandboxPayment | null) => {
    const nonce = randomBytes(16).toString('base64');
    const returnTo = payment && URL.canParse(payment.continueUrl) ? new URL(payment.continueUrl).origin : null;
    reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives: sandboxPageDirectives(nonce, returnTo) } });
    return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page(nonce));
  };
  const unknown =
    '<!doctype html><html lang="pl"><title>Nieznana płatność</title><main><h1>Nieznana płatność</h1><p>Link do płatności jest nieprawidłowy.</p></main></html>';

  app.get<{ Querystring: { t?: string } }>(SANDBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = String(request.query.t ?? '');
    const payment = gateway.open(token);
    return payment ? html(reply, 200, (nonce) => sandboxPage(payment, token, nonce), payment) : html(reply, 404, () => unknown, null);
  });

  app.post<{ Body: Record<string, string> }>(SANDBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = typeof request.body === 'object' && request.body ? request.body : {};
    const token = String(body.t ?? '');
    const payment = gateway.open(token);
    if (!payment) return html(reply, 404, () => unknown, null);
    const authorised = body.action === 'pay';
    if (authorised && payment.method === BLIK_METHOD && !BLIK_CODE.test(String(body.blik ?? '').trim())) {
      return html(reply, 400, (nonce) => sandboxPage(payment, token, nonce, 'Wpisz 6-cyfrowy kod BLIK z aplikacji banku.'), payment);
    }
    return reply.redirect(gateway.decide(payment, authorised), 303);
  });
}
