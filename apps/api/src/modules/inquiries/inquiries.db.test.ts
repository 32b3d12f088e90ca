/**
 * An inquiry is stored with the channel and the caller, takes the caller's uploaded images only,
 * is e-mailed once to the OEM's support address and listed for its sender with its status.
 */
import { describe, expect, it } from 'vitest';
import { makePng } from '@linq/line-simulator';
import { inquiriesApi as api } from '@linq/contract';
import { useTestApp } from '../../test/kit.ts';
import { mailOutbox } from '../mail/schema.ts';

const t = useTestApp({ tenants: 2 });

function multipart(bytes: Buffer) {
  const boundary = `----linq${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="screen.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(token: string, lineAccountId: number, bytes: Buffer) {
  const body = multipart(bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/service/inquiries/attachments',
    headers: {
      'content-type': body.contentType,
      lineaccountid: String(lineAccountId),
      authorization: `Bearer ${token}`,
    },
    payload: body.payload,
  });
  return { status: response.statusCode, json: response.json<{ data: { id: number; url: string } }>() };
}

describe('inquiries', () => {
  it('stores the inquiry with its image, e-mails the support address once and lists it as open', async () => {
    const lineAccountId = t.tenant.channels[0]!.id;
    const as = { token: t.tenant.tokens.staff, lineAccountId };
    const image = await upload(as.token, lineAccountId, makePng(40, 30));
    expect(image.status).toBe(201);

    const subject = `配信について <script>alert(1)</script> ${Date.now()}`;
    const sent = await t.call(
      api.create,
      { body: { category: 'trouble', subject, body: '予約配信が届きません', attachment_ids: [image.json.data.id] } },
      as,
    );
    expect(sent.output.data).toMatchObject({ subject, status: 'open', attachments: [image.json.data] });

    const mine = (await t.db.select().from(mailOutbox)).filter((m) => m.subject.includes(subject));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.to).toMatch(/^support@/);
    expect(mine[0]!.text).toContain('予約配信が届きません');
    expect(mine[0]!.text).toContain(image.json.data.url);

    const listed = (await t.call(api.list, { query: {} }, as)).output;
    expect(listed.data.map((i) => i.subject)).toContain(subject);

    // The image went with that inquiry: a second one cannot take it again.
    const again = await t.request({
      method: 'POST',
      path: '/service/inquiries',
      body: { category: 'other', subject: '再送', body: '同じ画像', attachment_ids: [image.json.data.id] },
      ...as,
    });
    expect(again.status).toBe(422);
  });

  it("another tenant's image is not taken, and its inquiries are not listed", async () => {
    const other = t.tenants[1]!;
    const theirs = await upload(other.tokens.staff, other.channels[0]!.id, makePng(20, 20));
    const as = { token: t.tenant.tokens.staff, lineAccountId: t.tenant.channels[0]!.id };
    const refused = await t.request({
      method: 'POST',
      path: '/service/inquiries',
      body: { category: 'other', subject: '他人の画像', body: '本文', attachment_ids: [theirs.json.data.id] },
      ...as,
    });
    expect(refused.status).toBe(422);
    await t.call(
      api.create,
      { body: { category: 'usage', subject: 'Bの問い合わせ', body: '本文', attachment_ids: [] } },
      { token: other.tokens.staff, lineAccountId: other.channels[0]!.id },
    );
    const listed = (await t.call(api.list, { query: {} }, as)).output;
    expect(listed.data.map((i) => i.subject)).not.toContain('Bの問い合わせ');
  });
});
