import type { Locale } from '../../contract/brands.ts';
import type { Pagamento } from '../../contract/schemas/payments.ts';

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
    missing: 'Pagamento não encontrado',
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
    missing: 'Payment not found',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Kz with no decimals and German-style grouping (SPEC §9). */
export function formatKz(value: number): string {
  return `${Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')} Kz`;
}

function layout(locale: Locale, body: string, script = ''): string {
  const t = TEXT[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">
<title>${t.title}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f5;color:#16201a;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:24px 12px;padding:20px;border-radius:12px;max-width:360px;width:100%;box-shadow:0 1px 4px #0002}
h1{font-size:1.1rem;margin:0 0 16px}
dl{margin:0 0 16px}dt{font-size:.8rem;color:#555}dd{margin:0 0 10px;font-size:1.1rem;font-weight:600}
.row{display:flex;gap:8px}form{flex:1}
button{width:100%;padding:12px;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.pay{background:#0f7b3f;color:#fff}.cancel{background:#e6e9e7;color:#16201a}
.state{font-weight:600}.note{font-size:.75rem;color:#666;margin-top:16px}
</style>
</head>
<body><main>${body}<p class="note">${t.note}</p></main>${script}</body>
</html>`;
}

export function paymentPage(locale: Locale, payment: Pagamento | null): string {
  const t = TEXT[locale];
  if (!payment) return layout(locale, `<h1>${t.title}</h1><p class="state">${t.missing}</p>`);
  const details = `<h1>${t.title}</h1><dl><dt>${t.amount}</dt><dd>${formatKz(payment.valor)}</dd><dt>${t.purpose}</dt><dd>${escapeHtml(payment.descricao)}</dd></dl>`;
  // Tells the app's payment frame how it ended; the app also learns it from the notification and the licence.
  const script = `<script>try{parent.postMessage({tipo:'emis',id:${JSON.stringify(payment.id)},estado:${JSON.stringify(payment.estado)}},location.origin)}catch(e){}</script>`;
  if (payment.estado !== 'pendente') return layout(locale, `${details}<p class="state">${t[payment.estado]}</p>`, script);
  const action = (verb: string) => `/api/client/public/pagamentos/emis/${encodeURIComponent(payment.id)}/${verb}`;
  return layout(
    locale,
    `${details}<p class="state">${t.pendente}</p><div class="row">` +
      `<form method="post" action="${action('confirmar')}"><button class="pay" type="submit">${t.pay}</button></form>` +
      `<form method="post" action="${action('cancelar')}"><button class="cancel" type="submit">${t.cancel}</button></form></div>`,
  );
}
