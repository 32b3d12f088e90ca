import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from './repository.ts';
import { sfntOfWoff } from './woff.ts';

/*
 * An invoice as a qualified invoice (適格請求書) PDF: the issuer and its registration number, the date,
 * the items with their tax rate, the totals and the consumption tax per rate with the rate shown, and
 * the recipient. The Japanese font ships in an npm package (Noto Sans JP, the Japanese subset) and is
 * embedded (subset) in the file, so nothing is fetched and any reader shows the text.
 */

const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) =>
  require.resolve(`@openfonts/noto-sans-jp_japanese/files/noto-sans-jp-japanese-${weight}.woff`);

let fonts: { body: Buffer; bold: Buffer } | undefined;
/** The fonts, unpacked once per process (see woff.ts). */
export function invoiceFonts(): { body: Buffer; bold: Buffer } {
  fonts ??= { body: sfntOfWoff(readFileSync(fontFile(400))), bold: sfntOfWoff(readFileSync(fontFile(700))) };
  return fonts;
}

const yen = (amount: number) => `${amount < 0 ? '-' : ''}¥${Math.abs(amount).toLocaleString('ja-JP')}`;
const japaneseDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${year}年${month}月${date}日`;
};

const LEFT = 50;
const RIGHT = 545;

export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `請求書 ${invoice.number}`, Author: invoice.issuerName },
  });
  doc.registerFont('body', invoiceFonts().body);
  doc.registerFont('bold', invoiceFonts().bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(20).text('請求書（適格請求書）', LEFT, 50, { align: 'center' });
  doc.font('body').fontSize(10);
  doc.text(`請求番号: ${invoice.number}`, LEFT, 90, { align: 'right' });
  doc.text(`発行日: ${japaneseDate(invoice.issuedOn)}`, { align: 'right' });
  doc.text(`お支払期限: ${japaneseDate(invoice.dueOn)}`, { align: 'right' });

  doc.font('bold').fontSize(14).text(`${invoice.recipientName} 御中`, LEFT, 140);
  doc.moveTo(LEFT, 162).lineTo(300, 162).stroke();

  doc.font('body').fontSize(10);
  doc.text(invoice.issuerName, 330, 140, { width: RIGHT - 330, align: 'right' });
  doc.text(`登録番号: ${invoice.issuerRegistrationNumber || '—'}`, 330, doc.y, { width: RIGHT - 330, align: 'right' });

  doc
    .font('bold')
    .fontSize(12)
    .text(`ご請求金額（税込）  ${yen(invoice.totalYen)}`, LEFT, 200);
  doc
    .font('body')
    .fontSize(10)
    .text(`ご利用期間: ${japaneseDate(invoice.periodStart)} 〜 ${japaneseDate(invoice.periodEnd)}`, LEFT, 222);

  // The items: description, rate, quantity, unit price and amount, before tax or (as a card was
  // charged) including it.
  const taxNote = invoice.pricesIncludeTax ? '税込' : '税抜';
  const columns = [LEFT, 300, 360, 410, 480];
  let y = 255;
  const row = (cells: string[], font: 'body' | 'bold' = 'body') => {
    doc.font(font).fontSize(10);
    cells.forEach((cell, index) => {
      const x = columns[index]!;
      const width = (columns[index + 1] ?? RIGHT) - x;
      doc.text(cell, x, y, { width: width - 4, align: index === 0 ? 'left' : 'right' });
    });
    y += 20;
  };
  row(['品目', '税率', '数量', `単価（${taxNote}）`, `金額（${taxNote}）`], 'bold');
  doc
    .moveTo(LEFT, y - 4)
    .lineTo(RIGHT, y - 4)
    .stroke();
  for (const item of invoice.items) {
    row([
      item.description,
      `${item.taxRate}%`,
      String(item.quantity),
      yen(item.unitPriceYen),
      yen(item.quantity * item.unitPriceYen),
    ]);
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  y += 10;

  // The totals: per rate, the base and its tax (rounded down once per rate), then the whole.
  const total = (label: string, amount: string, font: 'body' | 'bold' = 'body') => {
    doc.font(font).fontSize(10);
    doc.text(label, 300, y, { width: 176, align: 'left' });
    doc.text(amount, 480, y, { width: RIGHT - 480, align: 'right' });
    y += 18;
  };
  if (invoice.pricesIncludeTax) {
    for (const tax of invoice.taxes) {
      total(`${tax.rate}%対象（税込）`, yen(tax.baseYen + tax.taxYen));
      total(`うち消費税（${tax.rate}%）`, yen(tax.taxYen));
    }
  } else {
    total('小計（税抜）', yen(invoice.subtotalYen));
    for (const tax of invoice.taxes) {
      total(`${tax.rate}%対象（税抜）`, yen(tax.baseYen));
      total(`消費税（${tax.rate}%）`, yen(tax.taxYen));
    }
  }
  total('消費税合計', yen(invoice.taxYen));
  total('合計（税込）', yen(invoice.totalYen), 'bold');

  const rounding = invoice.pricesIncludeTax
    ? '注: 消費税は税率ごとに合計した税込金額から1回だけ計算し、1円未満を切り捨てています。'
    : '注: 消費税は税率ごとに合計した金額に対して1回だけ計算し、1円未満を切り捨てています。';
  doc
    .font('body')
    .fontSize(8)
    .text(rounding, LEFT, y + 20);
  doc.end();
  return done;
}
