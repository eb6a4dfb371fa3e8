import type { Locale } from '../../contract/brands.ts';
import type { Pagamento } from '../../contract/schemas/payments.ts';
import { groupedReference } from '../../contract/multicaixa.ts';
import { inlineHashes, paymentPagePolicy } from '../security/headers.ts';

// The simulated EMIS payment page: plain HTML with two forms, no app bundle, so it loads fast in the payment frame.

const TEXT = {
  pt: {
    title: 'Pagamento EMIS (simulado)',
    amount: 'Valor',
    purpose: 'Referente a',
    pay: 'Pagar',
    cancel: 'Cancelar',
    note: 'Ambiente de demonstração: nenhum dinheiro é movimentado.',
    pendente: 'A aguardar pagamento',
    concluido: 'Pagamento concluído',
    cancelado: 'Pagamento cancelado',
    expirado: 'Referência expirada',
    missing: 'Pagamento não encontrado',
    maintenance: 'Em manutenção',
    referenceTitle: 'Pagamento por referência',
    entity: 'Entidade',
    reference: 'Referência',
    until: 'Válida até',
    referenceNote: 'Pague num Multicaixa ou na app do seu banco: Pagamentos, Pagamento por referência.',
  },
  en: {
    title: 'EMIS payment (simulated)',
    amount: 'Amount',
    purpose: 'For',
    pay: 'Pay',
    cancel: 'Cancel',
    note: 'Demo environment: no money moves.',
    pendente: 'Waiting for payment',
    concluido: 'Payment completed',
    cancelado: 'Payment cancelled',
    expirado: 'Reference expired',
    missing: 'Payment not found',
    maintenance: 'Under maintenance',
    referenceTitle: 'Payment by reference',
    entity: 'Entity',
    reference: 'Reference',
    until: 'Valid until',
    referenceNote: "Pay at a Multicaixa ATM or in your bank's app: Payments, Payment by reference.",
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Kz with no decimals and German-style grouping (SPEC §9). */
export function formatKz(value: number): string {
  return `${Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')} Kz`;
}

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f6f5;color:#16201a;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:24px 12px;padding:20px;border-radius:12px;max-width:360px;width:100%;box-shadow:0 1px 4px #0002}
h1{font-size:1.1rem;margin:0 0 16px}
dl{margin:0 0 16px}dt{font-size:.8rem;color:#555}dd{margin:0 0 10px;font-size:1.1rem;font-weight:600}
.row{display:flex;gap:8px}form{flex:1}
button{width:100%;padding:12px;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.pay{background:#0f7b3f;color:#fff}.cancel{background:#e6e9e7;color:#16201a}
.state{font-weight:600;margin:1em 0}.note{font-size:.75rem;color:#666;margin-top:16px}
`;

/**
 * Tells the app's payment frame how it ended; the app also learns it from the notification and the licence. The
 * script never changes (the payment is read from data attributes), so the page's policy allows it by one hash.
 */
const SCRIPT =
  "try{var d=document.getElementById('emis').dataset;parent.postMessage({tipo:'emis',id:d.id,estado:d.estado},location.origin)}catch(e){}";

/** The page's Content-Security-Policy: its own style and script by hash, framed only by the app's own origin. */
export const PAYMENT_PAGE_POLICY = paymentPagePolicy(inlineHashes(`<style>${STYLE}</style><script>${SCRIPT}</script>`));

function layout(locale: Locale, body: string, closed?: Pagamento, note: string = TEXT[locale].note): string {
  const t = TEXT[locale];
  const data = closed ? ` id="emis" data-id="${escapeHtml(closed.id)}" data-estado="${escapeHtml(closed.estado)}"` : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">
<title>${t.title}</title>
<style>${STYLE}</style>
</head>
<body><main${data}>${body}<p class="note">${note}</p></main>${closed ? `<script>${SCRIPT}</script>` : ''}</body>
</html>`;
}

/** The page; during maintenance (MAINTENANCE=on) a pending payment shows no buttons, since they would be refused. */
export function paymentPage(locale: Locale, payment: Pagamento | null, options: { maintenance?: boolean } = {}): string {
  const t = TEXT[locale];
  if (!payment) return layout(locale, `<h1>${t.title}</h1><div class="state" role="status">${t.missing}</div>`);
  if (payment.multicaixa) {
    // Paid outside the app (ProxyPay): the page only shows what to type; the app shows the same with copy buttons.
    const { entidade, referencia, expiraEm } = payment.multicaixa;
    const until = new Date(expiraEm).toLocaleString(locale === 'pt' ? 'pt-AO' : 'en-GB', { timeZone: 'Africa/Luanda', dateStyle: 'short', timeStyle: 'short' });
    const rows =
      `<dt>${t.entity}</dt><dd>${escapeHtml(entidade)}</dd><dt>${t.reference}</dt><dd>${escapeHtml(groupedReference(referencia))}</dd>` +
      `<dt>${t.amount}</dt><dd>${formatKz(payment.valor)}</dd><dt>${t.until}</dt><dd>${escapeHtml(until)}</dd>`;
    const closed = payment.estado === 'pendente' ? undefined : payment;
    return layout(locale, `<h1>${t.referenceTitle}</h1><dl>${rows}</dl><div class="state" role="status">${t[payment.estado]}</div>`, closed, t.referenceNote);
  }
  const details = `<h1>${t.title}</h1><dl><dt>${t.amount}</dt><dd>${formatKz(payment.valor)}</dd><dt>${t.purpose}</dt><dd>${escapeHtml(payment.descricao)}</dd></dl>`;
  if (payment.estado !== 'pendente') return layout(locale, `${details}<div class="state" role="status">${t[payment.estado]}</div>`, payment);
  if (options.maintenance) return layout(locale, `${details}<div class="state" role="status">${t.maintenance}</div>`);
  const action = (verb: string) => `/api/client/public/pagamentos/emis/${encodeURIComponent(payment.id)}/${verb}`;
  return layout(
    locale,
    `${details}<div class="state" role="status">${t.pendente}</div><div class="row">` +
      `<form method="post" action="${action('confirmar')}"><button class="pay" type="submit">${t.pay}</button></form>` +
      `<form method="post" action="${action('cancelar')}"><button class="cancel" type="submit">${t.cancel}</button></form></div>`,
  );
}
