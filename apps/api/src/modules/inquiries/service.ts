import { INQUIRY_ATTACHMENTS_MAX, listPage, type Inquiry, type InquiryInput } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { oemScope, type ChannelRequest } from '../../platform/principal.ts';
import { storeImage } from '../files/service.ts';
import { queueMail } from '../mail/service.ts';
import * as repo from './repository.ts';

const ATTACHMENTS_FIELD = 'attachment_ids';
const ATTACHMENT_MISSING = '添付画像が見つかりません。もう一度アップロードしてください。';

const presented = (row: repo.InquiryRow, attachments: { id: number; url: string }[]): Inquiry => ({
  id: row.id,
  category: row.category,
  subject: row.subject,
  body: row.body,
  status: row.status,
  attachments: attachments.map(({ id, url }) => ({ id, url })),
  created_at: row.createdAt.toISOString(),
});

/** Stores one image (the files module's checks: type by its bytes, size, dimensions) for the caller's next inquiry. */
export async function uploadAttachment(ctx: AppContext, request: ChannelRequest, bytes: Buffer, consoleOrigin: string) {
  const image = await storeImage(ctx, bytes, consoleOrigin);
  const row = await repo.insertAttachment(ctx.database.db, request, image.originalContentUrl);
  return { id: row.id, url: row.url };
}

/** Stores the inquiry with the channel and the caller, then e-mails it once to the OEM's support address. */
export async function create(ctx: AppContext, request: ChannelRequest, input: InquiryInput): Promise<Inquiry> {
  const db = ctx.database.db;
  const about = await repo.inquiryContext(db, request);
  if (!about) throw new Error(`channel ${request.lineAccountId} of the request has no row`);
  const ids = [...new Set(input.attachment_ids)].slice(0, INQUIRY_ATTACHMENTS_MAX);
  const stored = await repo.insertInquiry(
    db,
    request,
    { category: input.category, subject: input.subject, body: input.body },
    ids,
  );
  // An image not the caller's, or already sent with another inquiry: nothing was stored.
  if (!stored) throw fieldError(ATTACHMENTS_FIELD, ATTACHMENT_MISSING);
  const inquiry = presented(stored.inquiry, stored.attachments);
  await queueMail(ctx, oemScope(about.oemId), {
    to: about.supportEmail ?? `support@${about.oemDomain}`,
    subject: `[問い合わせ #${inquiry.id}] ${inquiry.subject}`,
    text: [
      `アカウント: ${about.accountName}`,
      `チャネル: ${about.channelName}`,
      `送信者: ${about.userEmail}`,
      `種類: ${inquiry.category}`,
      '',
      inquiry.body,
      ...(inquiry.attachments.length > 0 ? ['', '添付画像:', ...inquiry.attachments.map((a) => a.url)] : []),
    ].join('\n'),
  });
  return inquiry;
}

export async function list(ctx: AppContext, request: ChannelRequest, query: { page: number; limit: number }) {
  const db = ctx.database.db;
  const { rows, total } = await repo.listInquiries(db, request, query.page, query.limit);
  const attachments = await repo.attachmentsOf(
    db,
    request,
    rows.map((r) => r.id),
  );
  return listPage(
    rows.map((row) =>
      presented(
        row,
        attachments.filter((a) => a.inquiryId === row.id),
      ),
    ),
    total,
    query,
  );
}
