import type { InquiryInput } from '@linq/contract';
import { and, count, desc, eq, inArray, isNull, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { ChannelRequest, OemScope } from '../../platform/principal.ts';
import { users } from '../sessions/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { accounts, oems } from '../tenants/schema.ts';
import { inquiries, inquiryAttachments } from './schema.ts';

export type InquiryRow = typeof inquiries.$inferSelect;

export async function insertAttachment(db: Db, { lineAccountId, userId }: ChannelRequest, url: string) {
  const [row] = await db.insert(inquiryAttachments).values({ lineAccountId, userId, url }).returning();
  return row!;
}

/** Inserts the inquiry and takes the caller's unattached images among `attachmentIds`; answers null if one is not theirs. */
export async function insertInquiry(
  db: Db,
  { lineAccountId, userId }: ChannelRequest,
  input: Omit<InquiryInput, 'attachment_ids'>,
  attachmentIds: number[],
) {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(inquiries)
        .values({ lineAccountId, userId, category: input.category, subject: input.subject, body: input.body })
        .returning();
      if (attachmentIds.length === 0) return { inquiry: row!, attachments: [] };
      const taken = await tx
        .update(inquiryAttachments)
        .set({ inquiryId: row!.id })
        .where(
          and(
            eq(inquiryAttachments.lineAccountId, lineAccountId),
            eq(inquiryAttachments.userId, userId),
            isNull(inquiryAttachments.inquiryId),
            inArray(inquiryAttachments.id, attachmentIds),
          ),
        )
        .returning({ id: inquiryAttachments.id, url: inquiryAttachments.url });
      if (taken.length !== new Set(attachmentIds).size) tx.rollback();
      return { inquiry: row!, attachments: taken };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
}

export async function listInquiries(db: Db, { lineAccountId, userId }: ChannelRequest, page: number, limit: number) {
  const mine = and(eq(inquiries.lineAccountId, lineAccountId), eq(inquiries.userId, userId));
  const rows = await db
    .select()
    .from(inquiries)
    .where(mine)
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(inquiries).where(mine);
  return { rows, total: total?.n ?? 0 };
}

export async function attachmentsOf(db: Db, { lineAccountId }: ChannelRequest, inquiryIds: number[]) {
  if (inquiryIds.length === 0) return [];
  return db
    .select({ id: inquiryAttachments.id, url: inquiryAttachments.url, inquiryId: inquiryAttachments.inquiryId })
    .from(inquiryAttachments)
    .where(and(eq(inquiryAttachments.lineAccountId, lineAccountId), inArray(inquiryAttachments.inquiryId, inquiryIds)))
    .orderBy(inquiryAttachments.id);
}

/** Who is asking about what: the channel's name, its account, the OEM's support address, the caller's e-mail. */
export async function inquiryContext(db: Db, request: ChannelRequest) {
  const [row] = await db
    .select({
      channelName: lineAccounts.name,
      accountName: accounts.name,
      supportEmail: oems.supportEmail,
      oemDomain: oems.domain,
      oemId: oems.id,
    })
    .from(lineAccounts)
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .innerJoin(oems, eq(oems.id, accounts.oemId))
    .where(eq(lineAccounts.id, request.lineAccountId));
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, request.userId));
  return row ? { ...row, userEmail: user?.email ?? '' } : null;
}

/** For the admin home: the newest inquiries from the OEM's channels, with their channel and account. */
export async function recentOfOem(db: Db, { oemId }: OemScope, limit: number) {
  return db
    .select({
      id: inquiries.id,
      subject: inquiries.subject,
      category: inquiries.category,
      status: inquiries.status,
      createdAt: inquiries.createdAt,
      channelId: lineAccounts.id,
      channelName: lineAccounts.name,
      accountId: accounts.id,
      accountName: accounts.name,
    })
    .from(inquiries)
    .innerJoin(lineAccounts, eq(lineAccounts.id, inquiries.lineAccountId))
    .innerJoin(accounts, eq(accounts.id, lineAccounts.accountId))
    .where(eq(accounts.oemId, oemId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit);
}
