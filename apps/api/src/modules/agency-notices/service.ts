import type { z } from 'zod';
import {
  NOTICE_NOT_SCHEDULED_MESSAGE,
  NOTICE_SEND_AT_PAST_MESSAGE,
  NOTICE_UNKNOWN_ACCOUNT_MESSAGE,
  NOTICE_UNKNOWN_PLAN_MESSAGE,
  type AgencyNotice,
  type AgencyNoticeDetail,
  type noticeAudienceBody,
  type noticeBody,
  type noticeListQuery,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { accountScope, agencyScope, oemScope, type AgencyScope } from '../../platform/principal.ts';
import { ownerOf } from '../accounts/repository.ts';
import { planOfAgencyOem } from '../agency-contracts/repository.ts';
import { namesOf as agencyNames, oemOfAgency } from '../agencies/repository.ts';
import { queueMailIn } from '../mail/service.ts';
import { accountReadCounts, accountsThatRead, publishToAccounts } from '../news/service.ts';
import * as repo from './repository.ts';

/*
 * An agency's notices to its client accounts. Every read and write goes through the agency scope;
 * the audience is resolved within it when the notice goes out, so only the agency's own accounts are
 * ever reached.
 */

const NOTICE = 'お知らせ';

type AudienceInput = z.output<typeof noticeAudienceBody>;
type Input = z.output<typeof noticeBody>;
type ListQuery = z.output<typeof noticeListQuery>;

/** Who writes: the agency's scope and the user (shown as the notice's author). */
export interface NoticeCaller {
  scope: AgencyScope;
  userId: number;
}

/** The input's audience, checked against the agency: its OEM's plan, its own accounts (422 otherwise). */
async function audienceOf(db: Db, scope: AgencyScope, input: AudienceInput): Promise<repo.Audience> {
  const audience: repo.Audience = { audience: input.audience, planId: null, contractState: null, accountIds: [] };
  if (input.audience === 'plan') {
    if (!(await planOfAgencyOem(db, scope, input.oem_plan_id!))) {
      throw fieldError('oem_plan_id', NOTICE_UNKNOWN_PLAN_MESSAGE);
    }
    audience.planId = input.oem_plan_id!;
  } else if (input.audience === 'contract') {
    audience.contractState = input.contract_state!;
  } else if (input.audience === 'picked') {
    const picked = [...new Set(input.account_ids)];
    if ((await repo.clientsAmong(db, scope, picked)).length !== picked.length) {
      throw fieldError('account_ids', NOTICE_UNKNOWN_ACCOUNT_MESSAGE);
    }
    audience.accountIds = picked;
  }
  return audience;
}

/** How many accounts the audience reaches now. */
export async function preview(ctx: AppContext, scope: AgencyScope, input: AudienceInput): Promise<number> {
  const db = ctx.database.db;
  return (await repo.resolve(db, scope, await audienceOf(db, scope, input))).length;
}

export async function list(ctx: AppContext, scope: AgencyScope, query: ListQuery) {
  const db = ctx.database.db;
  const { rows, total } = await repo.list(db, scope, query);
  const picks = await repo.picksOf(
    db,
    scope,
    rows.filter((row) => row.notice.audience === 'picked').map((row) => row.notice.id),
  );
  const reads = await accountReadCounts(
    db,
    rows.map((row) => row.notice.newsId).filter((id): id is number => id !== null),
  );
  return {
    data: rows.map((row) => present(row, picks, reads)),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}

export async function get(ctx: AppContext, scope: AgencyScope, id: number): Promise<AgencyNoticeDetail> {
  const db = ctx.database.db;
  const row = await repo.find(db, scope, id);
  if (!row) throw notFound(NOTICE);
  const newsId = row.notice.newsId;
  const [picks, reads, recipients, readers] = await Promise.all([
    repo.picksOf(db, scope, [id]),
    accountReadCounts(db, newsId === null ? [] : [newsId]),
    repo.recipientsOf(db, scope, id),
    newsId === null ? Promise.resolve([]) : accountsThatRead(db, newsId),
  ]);
  const read = new Set(readers);
  return {
    ...present(row, picks, reads),
    recipients: recipients.map((account) => ({ ...account, read: read.has(account.id) })),
  };
}

/** Schedules the notice; one due now goes out at once (the worker's sweep would send it otherwise). */
export async function create(ctx: AppContext, caller: NoticeCaller, input: Input): Promise<AgencyNoticeDetail> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const sendAt = input.send_at ? new Date(input.send_at) : now;
  if (input.send_at && sendAt <= now) throw fieldError('send_at', NOTICE_SEND_AT_PAST_MESSAGE);
  const audience = await audienceOf(db, caller.scope, input);
  const id = await db.transaction((tx) =>
    repo.insert(
      tx,
      caller.scope,
      {
        title: input.title,
        body: input.body,
        audience: audience.audience,
        audiencePlanId: audience.planId,
        audienceContractState: audience.contractState,
        sendAt,
        createdBy: caller.userId,
      },
      audience.accountIds,
    ),
  );
  if (!input.send_at) await send(ctx, caller.scope, id);
  return get(ctx, caller.scope, id);
}

export async function cancel(ctx: AppContext, scope: AgencyScope, id: number): Promise<void> {
  const db = ctx.database.db;
  if (!(await repo.find(db, scope, id))) throw notFound(NOTICE);
  if (!(await repo.cancel(db, scope, id))) throw fieldError('status', NOTICE_NOT_SCHEDULED_MESSAGE);
}

/**
 * Sends the notice if it is scheduled and due by the clock: resolves its audience, publishes it as
 * news to those accounts and records them, in one transaction (a second sender finds it sent); then
 * queues each owner's e-mail, claimed one by one so that no retry mails twice.
 */
export async function send(ctx: AppContext, scope: AgencyScope, id: number): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const notice = await repo.lockDue(tx, scope, id, now);
    if (!notice) return;
    const oemId = await oemOfAgency(tx, scope);
    if (oemId === undefined) return;
    const accountIds = await repo.resolve(tx, scope, {
      audience: notice.audience,
      planId: notice.audiencePlanId,
      contractState: notice.audienceContractState,
      accountIds: notice.audience === 'picked' ? await repo.picksOfOne(tx, id) : [],
    });
    const newsId = await publishToAccounts(
      tx,
      oemScope(oemId),
      { title: notice.title, body: notice.body, publishAt: now },
      accountIds,
    );
    await repo.markSent(tx, scope, id, { newsId, sentAt: now, accountIds });
  });
  await mailOwners(ctx, scope, id);
}

/** One e-mail to each recipient account's owner, each claimed before it is queued. */
async function mailOwners(ctx: AppContext, scope: AgencyScope, id: number): Promise<void> {
  const db = ctx.database.db;
  const pending = await repo.unmailed(db, scope, id);
  if (pending.length === 0) return;
  const row = await repo.find(db, scope, id);
  const oemId = await oemOfAgency(db, scope);
  if (!row || oemId === undefined) return;
  const agencyName = (await agencyNames(db, oemScope(oemId), [scope.agencyId])).get(scope.agencyId) ?? '';
  for (const accountId of pending) {
    if (ctx.queue.stopping()) return;
    // The claim, the mail and its job in one transaction: a crash in between leaves the e-mail unclaimed
    // (the sweep queues it), never claimed and lost.
    const queued = await db.transaction(async (tx) => {
      if (!(await repo.claimMail(tx, id, accountId, ctx.clock.now()))) return false;
      const owner = await ownerOf(tx, accountScope(accountId));
      if (!owner) return false;
      await queueMailIn(ctx, tx, oemScope(oemId), {
        to: owner.email,
        subject: `【お知らせ】${row.notice.title}`,
        text: [
          `${agencyName}からのお知らせです。`,
          '',
          row.notice.body,
          '',
          'このお知らせは管理画面のダッシュボードでも確認できます。',
        ].join('\n'),
      });
      return true;
    });
    if (queued) ctx.queue.wake('mail.send');
  }
}

/** The worker's sweep: every due notice, and any sent one whose e-mails were left unqueued. */
export async function sendDue(ctx: AppContext): Promise<void> {
  for (const due of await repo.pendingUnscoped(ctx.database.db, ctx.clock.now())) {
    if (ctx.queue.stopping()) return;
    await send(ctx, agencyScope(due.agencyId), due.id);
  }
}

function present(
  row: repo.NoticeRow,
  picks: Awaited<ReturnType<typeof repo.picksOf>>,
  reads: Map<number, { accounts: number; users: number }>,
): AgencyNotice {
  const { notice } = row;
  const read = notice.newsId === null ? undefined : reads.get(notice.newsId);
  return {
    id: notice.id,
    title: notice.title,
    body: notice.body,
    audience: notice.audience,
    plan: notice.audience === 'plan' && row.plan ? row.plan : null,
    contract_state: notice.audienceContractState,
    picked_accounts: picks
      .filter((pick) => pick.noticeId === notice.id)
      .map((pick) => ({ id: pick.id, name: pick.name })),
    status: notice.status,
    send_at: notice.sendAt.toISOString(),
    sent_at: notice.sentAt?.toISOString() ?? null,
    recipient_count: notice.recipientCount,
    read_account_count: read?.accounts ?? 0,
    read_user_count: read?.users ?? 0,
    created_by: row.createdBy,
    created_at: notice.createdAt.toISOString(),
  };
}
