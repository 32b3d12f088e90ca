import { randomBytes } from 'node:crypto';
import type { ImportEncoding, ImportUpload } from '@linq/contract';
import type { TestAppHandle } from '../../test/kit.ts';
import { encodeCsv } from './csv-source.ts';

/** A LINE user id as the Messaging API writes them. */
export const lineUserId = () => `U${randomBytes(16).toString('hex')}`;

/** CSV text (CRLF, as Excel writes) of a header and rows; cells with a comma or quote are quoted. */
export function csvText(rows: string[][]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(bytes: Buffer, filename = 'friends.csv') {
  const boundary = `----linq${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads a CSV as the account owner; answers the upload (throws with the answer on a refusal). */
export async function uploadCsv(
  t: TestAppHandle,
  token: string,
  lineAccountId: number,
  bytes: Buffer,
  filename = 'friends.csv',
): Promise<ImportUpload> {
  const body = multipartFile(bytes, filename);
  const response = await t.request({
    method: 'POST',
    path: '/account/takeovers/imports',
    query: { line_account_id: lineAccountId },
    token,
    body: body.payload,
    headers: { 'content-type': body.contentType },
  });
  if (response.status !== 201) throw new Error(`upload refused (${response.status}): ${response.text}`);
  return response.json.data as ImportUpload;
}

export const csvBytes = (rows: string[][], encoding: ImportEncoding) => encodeCsv(csvText(rows), encoding);
