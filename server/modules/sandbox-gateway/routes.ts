import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatMoney } from '../../../contract/money.ts';
import { sandboxGatewayEndpoints as endpoints } from '../../../contract/wallet.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { SIGNATURE_HEADER, type CardForm, type Checkout } from './service.ts';

// The sandbox gateway's hosted pages: what the player sees between leaving our cashier and coming back.
// Plain server-rendered HTML, as a provider's page would be, with no script and no access to our session.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f6;color:#1b2230;display:flex;align-items:flex-start;justify-content:center;padding:32px 16px}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 12px 40px rgba(20,30,60,.12);overflow:hidden}
header{padding:20px 24px;background:#1e3a8a;color:#fff}header p{margin:0;font-size:13px;opacity:.8;letter-spacing:.04em;text-transform:uppercase}
header h1{margin:4px 0 0;font-size:28px;font-weight:700}.merchant{font-size:14px;opacity:.9;margin-top:2px}
form{padding:24px;display:grid;gap:16px}label{display:grid;gap:6px;font-size:14px;font-weight:600}
input{font:inherit;padding:12px 14px;border:1px solid #c5ccd9;border-radius:10px;width:100%}input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}.error{color:#b42318;font-size:13px;font-weight:500}
.alert{margin:0;padding:12px 14px;border-radius:10px;background:#fef3f2;color:#b42318;font-size:14px}
button{font:inherit;font-weight:700;padding:14px;border:0;border-radius:10px;background:#2563eb;color:#fff;cursor:pointer}button:hover{background:#1d4ed8}
.hint{margin:0;padding:0 24px 20px;font-size:13px;color:#5b6578}.hint code{background:#eef1f6;padding:1px 5px;border-radius:4px}
.cancel-form{padding:0 24px 24px;display:block}.cancel{display:block;width:100%;text-align:center;font-size:14px;font-weight:500;color:#2563eb;background:none;padding:4px}.cancel:hover{background:none;text-decoration:underline}
.badge{display:inline-block;margin-left:8px;padding:1px 8px;border-radius:999px;background:#fde68a;color:#713f12;font-size:11px;font-weight:700;vertical-align:middle}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function cardPage(checkout: Checkout, siteName: string, values: CardForm = {}, errors: Record<string, string> = {}, alert?: string): string {
  const value = (field: keyof CardForm) => (typeof values[field] === 'string' ? escapeHtml(values[field] as string) : '');
  const error = (field: string) => (errors[field] ? `<span class="error" id="${field}-error">${escapeHtml(errors[field]!)}</span>` : '');
  const invalid = (field: string) => (errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '');
  const amount = formatMoney(checkout.amount, checkout.currency);
  return page(
    `Pay ${amount} · Sandbox Pay`,
    `<header><p>Sandbox Pay<span class="badge">TEST MODE</span></p><h1>${amount}</h1><div class="merchant">to ${escapeHtml(siteName)}</div></header>
<form method="post" action="/sandbox-gateway/checkout/${checkout.id}" novalidate>
${alert ? `<p class="alert" role="alert">${escapeHtml(alert)}</p>` : ''}
<label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${value('card_number')}"${invalid('card_number')}>${error('card_number')}</label>
<div class="row"><label>Expiry<input name="expiry" autocomplete="cc-exp" placeholder="MM / YY" value="${value('expiry')}"${invalid('expiry')}>${error('expiry')}</label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${value('cvc')}"${invalid('cvc')}>${error('cvc')}</label></div>
<label>Name on card<input name="name" autocomplete="cc-name" value="${value('name')}"></label>
<button type="submit">Pay</button>
</form>
<p class="hint">Test cards: <code>4242 4242 4242 4242</code> approves, <code>4000 0000 0000 0002</code> is declined. Any future expiry and any CVC.</p>
<form method="post" action="/sandbox-gateway/checkout/${checkout.id}/cancel" class="cancel-form"><button type="submit" class="cancel">Cancel and return to ${escapeHtml(siteName)}</button></form>`,
  );
}

export async function sandboxGatewayRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { sandboxGateway: gateway, config } = services;
  // Sandbox off (production by default): none of its paths exist, so each is a plain 404.
  if (!gateway) return;
  const app = endpointApp(fastify, {});
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('x-frame-options', 'DENY').send(body);
  const notFound = (reply: FastifyReply) => html(reply, 404, page('Not found · Sandbox Pay', '<header><p>Sandbox Pay</p><h1>Payment not found</h1></header>'));

  route(app, endpoints.checkout, async ({ params, reply }) => {
    const checkout = await gateway.find(params.id);
    if (checkout?.kind !== 'card') return notFound(reply);
    if (checkout.status === 'paid') return reply.redirect(checkout.returnUrl, 303);
    return html(reply, 200, cardPage(checkout, config.siteName));
  });

  route(app, endpoints.pay, async ({ params: { id }, body, reply }) => {
    const form: CardForm = body;
    const outcome = await gateway.payByCard(id, form);
    if (!outcome) return notFound(reply);
    if (outcome.kind === 'invalid') {
      const checkout = (await gateway.find(id))!;
      return html(reply, 422, cardPage(checkout, config.siteName, form, outcome.errors, 'Check the card details and try again.'));
    }
    return reply.redirect(outcome.returnUrl, 303);
  });

  route(app, endpoints.cancel, async ({ params, reply }) => {
    const checkout = await gateway.cancel(params.id);
    if (!checkout) return notFound(reply);
    return reply.redirect(checkout.returnUrl, 303);
  });

  // The sandbox crypto network: "send" the coins to the address and have the transfer confirmed. Only with the
  // signature the deposit's owner was given: knowing a checkout id is not enough to credit it.
  route(app, endpoints.confirmCrypto, async ({ request, params: { id } }) => {
    const signature = request.headers[SIGNATURE_HEADER];
    if (!gateway.verifyConfirmSignature(id, typeof signature === 'string' ? signature : undefined)) throw new Problem(401, 'Invalid signature.');
    const checkout = await gateway.confirmCrypto(id);
    if (!checkout) throw new Problem(404, 'No crypto payment with that id.');
    return { data: { id: checkout.id, status: checkout.status, address: checkout.address, amount: checkout.amount, currency: checkout.currency } };
  });
}
