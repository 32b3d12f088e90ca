/**
 * The hosted pages: Checkout (card entry for a subscription), the customer portal (change the
 * card, cancel at the period end), and the hosted invoice with its PDF. Plain HTML with inline
 * styles, no external assets; labels in Japanese and English.
 */
import type { StripeObject } from './billing.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ZERO_DECIMAL = new Set([
  'jpy',
  'krw',
  'twd',
  'vnd',
  'clp',
  'pyg',
  'xof',
  'xaf',
  'bif',
  'djf',
  'gnf',
  'kmf',
  'mga',
  'rwf',
  'ugx',
  'vuv',
  'xpf',
]);

export function formatAmount(amount: number, currency: string): string {
  const minor = ZERO_DECIMAL.has(currency) ? 1 : 100;
  return new Intl.NumberFormat('ja-JP', { style: 'currency', currency: currency.toUpperCase() }).format(amount / minor);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;color:#1a1f36}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 2px 8px #0002}
h1{font-size:20px}label{display:block;margin:12px 0 4px;font-size:14px}
input{width:100%;box-sizing:border-box;padding:8px;font-size:16px;border:1px solid #ccd;border-radius:4px}
button{margin-top:18px;width:100%;padding:10px;font-size:16px;background:#635bff;color:#fff;border:0;border-radius:4px;cursor:pointer}
.secondary{background:#fff;color:#635bff;border:1px solid #635bff}
.error{color:#b00020;background:#fde8ea;padding:8px;border-radius:4px}
.note{color:#697386;font-size:13px}table{width:100%;border-collapse:collapse}td{padding:4px 0}
.row{display:flex;gap:12px}.row>div{flex:1}
</style></head><body><main>${body}</main></body></html>`;
}

interface CardFormValues {
  email?: string;
  name?: string;
  expiry?: string;
}

function cardFields(values: CardFormValues, withEmail: boolean): string {
  const v = (s?: string) => escapeHtml(s ?? '');
  return `${withEmail ? `<label for="email">メールアドレス / Email</label><input id="email" name="email" type="email" autocomplete="email" value="${v(values.email)}" required>` : ''}
<label for="cardNumber">カード番号 / Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">有効期限 / Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" value="${v(values.expiry)}" required></div>
<div><label for="cvc">セキュリティコード / CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<label for="name">カード名義 / Name on card</label><input id="name" name="name" autocomplete="cc-name" value="${v(values.name)}">`;
}

export function checkoutPage(p: {
  session: StripeObject;
  lines: { name: string; amount: number; interval: string }[];
  error?: string;
  values?: CardFormValues;
}): string {
  const { session } = p;
  const currency = session['currency'] as string;
  const withEmail = !session['customer'] && !session['customer_email'];
  const rows = p.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}</td><td style="text-align:right">${escapeHtml(formatAmount(l.amount, currency))} / ${escapeHtml(l.interval)}</td></tr>`,
    )
    .join('');
  const cancel = session['cancel_url']
    ? `<p class="note"><a href="${escapeHtml(session['cancel_url'] as string)}">戻る / Back</a></p>`
    : '';
  return layout(
    'お支払い / Checkout',
    `<h1>お支払い / Subscribe</h1>
<table>${rows}<tr><td><strong>合計 / Total</strong></td><td style="text-align:right"><strong>${escapeHtml(formatAmount(session['amount_total'] as number, currency))}</strong></td></tr></table>
${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="post">${cardFields(p.values ?? {}, withEmail)}
<button type="submit">申し込む / Subscribe</button></form>
<p class="note">テストモード: 4242 4242 4242 4242 は成功、4000 0000 0000 0002 は拒否されます。 / Test mode.</p>${cancel}`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
  );
}

export function portalPage(p: {
  customer: StripeObject;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  subscriptions: { name: string; status: string; periodEnd: string; cancelAtPeriodEnd: boolean; id: string }[];
  invoices: { number: string; amount: string; status: string; url: string }[];
  returnUrl: string | null;
  error?: string;
  notice?: string;
}): string {
  const subs = p.subscriptions
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.name)}</td><td>${escapeHtml(s.status)}</td><td>${s.cancelAtPeriodEnd ? `${escapeHtml(s.periodEnd)} に終了 / ends` : `次回更新 / renews ${escapeHtml(s.periodEnd)}`}</td></tr>
${s.status !== 'canceled' && !s.cancelAtPeriodEnd ? `<tr><td colspan="3"><form method="post"><input type="hidden" name="action" value="cancel"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button class="secondary" type="submit">期間終了時に解約 / Cancel at period end</button></form></td></tr>` : ''}`,
    )
    .join('');
  const invoices = p.invoices
    .map(
      (i) =>
        `<tr><td><a href="${escapeHtml(i.url)}">${escapeHtml(i.number)}</a></td><td>${escapeHtml(i.amount)}</td><td>${escapeHtml(i.status)}</td></tr>`,
    )
    .join('');
  const card = p.card
    ? `${escapeHtml(p.card.brand)} •••• ${escapeHtml(p.card.last4)} (${p.card.exp_month}/${p.card.exp_year})`
    : 'なし / none';
  return layout(
    'お支払い情報 / Billing',
    `<h1>お支払い情報 / Billing</h1>
<p>${escapeHtml((p.customer['email'] as string | null) ?? '')}</p>
${p.notice ? `<p role="status">${escapeHtml(p.notice)}</p>` : ''}
${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
<h2>プラン / Plan</h2><table>${subs}</table>
<h2>お支払い方法 / Payment method</h2><p id="current-card">${card}</p>
<form method="post"><input type="hidden" name="action" value="card">${cardFields({}, false)}
<button type="submit">カードを更新 / Update card</button></form>
<h2>請求履歴 / Invoices</h2><table>${invoices}</table>
${p.returnUrl ? `<p><a href="${escapeHtml(p.returnUrl)}">戻る / Return</a></p>` : ''}`,
  );
}

export function invoicePage(invoice: StripeObject): string {
  const currency = invoice['currency'] as string;
  const lines = (invoice['lines'] as { data: StripeObject[] }).data
    .map(
      (l) =>
        `<tr><td>${escapeHtml((l['description'] as string | null) ?? '')}</td><td style="text-align:right">${escapeHtml(formatAmount(l['amount'] as number, currency))}</td></tr>`,
    )
    .join('');
  return layout(
    `請求書 / Invoice ${(invoice['number'] as string | null) ?? ''}`,
    `<h1>請求書 / Invoice ${escapeHtml((invoice['number'] as string | null) ?? '')}</h1>
<p>${escapeHtml((invoice['account_name'] as string | null) ?? '')}</p>
<p>状態 / Status: <strong>${escapeHtml(String(invoice['status']))}</strong></p>
<table>${lines}<tr><td><strong>合計 / Total</strong></td><td style="text-align:right"><strong>${escapeHtml(formatAmount(invoice['total'] as number, currency))}</strong></td></tr></table>
<p><a href="${escapeHtml((invoice['invoice_pdf'] as string | null) ?? '')}">PDF</a></p>`,
  );
}

/** A one-page PDF (PDF 1.4, Helvetica, ASCII text) of the invoice. */
export function invoicePdf(invoice: StripeObject): Buffer {
  const currency = invoice['currency'] as string;
  const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const money = (n: number) =>
    `${(n / (ZERO_DECIMAL.has(currency) ? 1 : 100)).toFixed(ZERO_DECIMAL.has(currency) ? 0 : 2)} ${currency.toUpperCase()}`;
  const text = [
    `Invoice ${(invoice['number'] as string | null) ?? ''}`,
    `${(invoice['account_name'] as string | null) ?? ''}`,
    `Date: ${new Date((invoice['created'] as number) * 1000).toISOString().slice(0, 10)}`,
    `Bill to: ${(invoice['customer_email'] as string | null) ?? ''}`,
    ...(invoice['lines'] as { data: StripeObject[] }).data.map(
      (l) => `${(l['description'] as string | null) ?? ''}  ${money(l['amount'] as number)}`,
    ),
    `Total: ${money(invoice['total'] as number)}`,
    `Status: ${String(invoice['status'])}`,
  ];
  const content = `BT /F1 12 Tf 50 780 Td 16 TL ${text.map((t) => `(${ascii(t)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
